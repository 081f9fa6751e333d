import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One `quorum …` command found in a fenced block of a Markdown file. */
export interface DocCommand {
  /** File relative to the repository root, and 1-based line of the command. */
  file: string;
  line: number;
  /** Variables set before the command (`OPENAI_MODEL=gpt-4o-mini quorum …`). */
  env: Record<string, string>;
  /** The arguments after `quorum`, shell-split, without the trailing comment. */
  args: string[];
  /** The command as written (continuations joined). */
  text: string;
  /** A usage synopsis (`[--db quorum.db]`, `…`) rather than a command to run. */
  synopsis: boolean;
}

/** Every `quorum …` (or `npx quorum …`) command in fenced code blocks of README.md and docs/*.md. */
export function docCommands(root: string): DocCommand[] {
  const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)];
  return files.flatMap((file) => commandsIn(file, readFileSync(join(root, file), 'utf8')));
}

function commandsIn(file: string, text: string): DocCommand[] {
  const commands: DocCommand[] = [];
  const lines = text.split('\n');
  let fenced = false;
  for (let index = 0; index < lines.length; index++) {
    if (/^\s*```/.test(lines[index]!)) {
      fenced = !fenced;
      continue;
    }
    if (!fenced) continue;
    const start = index;
    let command = lines[index]!;
    while (/\\\s*$/.test(command) && index + 1 < lines.length) command = `${command.replace(/\\\s*$/, ' ')}${lines[++index]!.trim()}`;
    const match = /^\s*(?:npm ci && )?((?:[A-Z_]+=\S+\s+)*)(?:npx\s+)?quorum(\s.*)?$/.exec(command);
    if (match === null) continue;
    const body = stripComment(match[2] ?? '').trim();
    const env = Object.fromEntries((match[1] ?? '').trim().split(/\s+/).filter((part) => part !== '').map((part) => part.split('=', 2) as [string, string]));
    commands.push({ file, line: start + 1, env, args: shellSplit(body), text: command.trim(), synopsis: /[[\]…]|\.\.\.|\|/.test(body) });
  }
  return commands;
}

/** Drops a `# comment` that is not inside quotes. */
function stripComment(text: string): string {
  let quote: string | null = null;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '#' && (index === 0 || /\s/.test(text[index - 1]!))) {
      return text.slice(0, index);
    }
  }
  return text;
}

/** Splits on blanks outside quotes and removes the quotes (enough for the docs' commands). */
function shellSplit(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | null = null;
  let started = false;
  for (const char of text) {
    if (quote !== null) {
      if (char === quote) quote = null;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started || word !== '') words.push(word);
      word = '';
      started = false;
    } else {
      word += char;
    }
  }
  if (started || word !== '') words.push(word);
  return words;
}
