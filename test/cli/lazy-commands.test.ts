import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMMANDS, commandNameOf } from '../../src/cli/command-table.js';
import { buildProgram } from '../../src/cli/main.js';
import { runInProcess } from '../helpers/run-in-process.js';

describe('commands load when they run', () => {
  it('finds the command a command line names', () => {
    assert.equal(commandNameOf(['show', 'run-1', '--db', 'x.db']), 'show');
    assert.equal(commandNameOf(['--help']), undefined);
    assert.equal(commandNameOf(['help', 'export']), 'export');
    assert.equal(commandNameOf(['-h', 'runs']), 'runs');
  });

  it('loads only the named command: the others have no options or action yet', async () => {
    const program = await buildProgram(['show', 'run-1']);
    const byName = new Map(program.commands.map((command) => [command.name(), command]));
    assert.deepEqual([...byName.keys()], COMMANDS.map((entry) => entry.name));
    assert.ok(byName.get('show')!.options.some((option) => option.long === '--db'), 'show was loaded with its options');
    assert.equal(byName.get('run')!.options.length, 0, 'run was not loaded');
    const help = await buildProgram(['--help']);
    assert.ok(help.commands.every((command) => command.options.length === 0), '--help loads no command');
  });

  it("every summary in the table is the command's own description", async () => {
    const program = await buildProgram();
    for (const entry of COMMANDS) {
      const command = program.commands.find((candidate) => candidate.name() === entry.name);
      assert.equal(command?.description(), entry.summary, entry.name);
    }
  });

  it('--help lists every command; help <command> and <command> --help show its options', async () => {
    const top = await runInProcess(['--help']);
    assert.equal(top.code, 0);
    for (const entry of COMMANDS) assert.match(top.stdout, new RegExp(`^  ${entry.name} `, 'm'));
    for (const args of [['help', 'export'], ['export', '--help']]) {
      const result = await runInProcess(args);
      assert.equal(result.code, 0, args.join(' '));
      assert.match(result.stdout, /--preferences/, args.join(' '));
    }
    const unknown = await runInProcess(['frobnicate']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command 'frobnicate'/);
  });
});
