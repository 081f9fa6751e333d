import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { registerDataset } from '../datasets/registry.js';
import type { DatasetLoader } from '../datasets/dataset-loader.js';
import { type ProtocolFactory, registerProtocol } from '../protocols/registry.js';
import { registerMetric } from '../metrics/metric-registry.js';
import { QuorumError } from '../spec/errors.js';
import type { Metric } from '../spec/metric.js';

/** A plugin file that cannot be loaded or does not export definitions. Names the file. */
export class PluginError extends QuorumError {
  readonly file: string;

  constructor(file: string, message: string, hint?: string, cause?: unknown) {
    super('PLUGIN', `plugin ${file}: ${message}`, { ...(hint === undefined ? {} : { hint }), ...(cause === undefined ? {} : { cause }) });
    this.file = file;
  }
}

/** What a plugin file added to the registries. */
export interface LoadedPlugin {
  /** Absolute path of the plugin file (what runs record, so workers load it too). */
  file: string;
  protocols: string[];
  datasets: string[];
  metrics: string[];
}

type Kind = 'protocol' | 'dataset' | 'metric';

// defineProtocol and defineDataset tag their result with its kind; a metric is recognised by its shape (defineMetric returns the `Metric` itself)
function kindOf(definition: unknown): Kind | undefined {
  if (typeof definition !== 'object' || definition === null) return undefined;
  const fields = definition as Record<string, unknown>;
  if ((fields['kind'] === 'protocol' || fields['kind'] === 'dataset') && typeof fields['name'] === 'string') return fields['kind'];
  if (typeof fields['key'] === 'string' && typeof fields['value'] === 'function' && Array.isArray(fields['needs'])) return 'metric';
  return undefined;
}

function register(kind: Kind, definition: unknown): string {
  if (kind === 'protocol') {
    registerProtocol(definition as ProtocolFactory);
    return (definition as ProtocolFactory).name;
  }
  if (kind === 'dataset') {
    registerDataset(definition as DatasetLoader);
    return (definition as DatasetLoader).name;
  }
  return registerMetric(definition as Metric).key;
}

const loaded = new Map<string, Promise<LoadedPlugin>>();

const EXPECTED = 'a default export made with defineProtocol, defineMetric or defineDataset, or a list of them';

/**
 * Imports a plugin module (`.mjs`, `.js`, or `.ts` through tsx) and
 * registers what its default export defines: one definition or a list.
 * Relative paths resolve from `from` (the working directory, or the run
 * or study file's folder). A file is loaded once per process.
 */
export function loadPlugin(file: string, from: string = process.cwd()): Promise<LoadedPlugin> {
  const path = isAbsolute(file) ? file : resolve(from, file);
  let pending = loaded.get(path);
  if (pending === undefined) {
    pending = importPlugin(path);
    loaded.set(path, pending);
    pending.catch(() => loaded.delete(path));
  }
  return pending;
}

/** Loads several plugin files in order (later ones may use names the earlier ones registered). */
export async function loadPlugins(files: readonly string[], from?: string): Promise<LoadedPlugin[]> {
  const plugins: LoadedPlugin[] = [];
  for (const file of files) plugins.push(await loadPlugin(file, from));
  return plugins;
}

/**
 * Loads the plugins a YAML config (run.yaml, study.yaml) lists under
 * `plugins:`, relative to the file. They register names (protocols,
 * datasets, metrics) the rest of the file is checked against, so they load
 * before it is validated; a file that is not YAML loads none (its parser
 * then reports the syntax with its line).
 */
export async function loadYamlPlugins(text: string, file: string): Promise<LoadedPlugin[]> {
  // yaml is imported here, not at the top: `quorum run` without a YAML file never needs its 72 files
  const { parse } = await import('yaml');
  let data: unknown;
  try {
    data = parse(text);
  } catch {
    return [];
  }
  const plugins = typeof data === 'object' && data !== null ? (data as { plugins?: unknown }).plugins : undefined;
  if (!Array.isArray(plugins)) return [];
  return loadPlugins(plugins.filter((plugin): plugin is string => typeof plugin === 'string' && plugin !== ''), dirname(file));
}

async function importPlugin(path: string): Promise<LoadedPlugin> {
  if (!existsSync(path)) throw new PluginError(path, 'no such file', 'give the path of a .mjs, .js or .ts module, relative to the working directory or the config file');
  const module = await importModule(path);
  let exported = (module as { default?: unknown }).default;
  // a .ts or .js file read as CommonJS (no "type": "module" beside it) arrives as { default: module.exports }
  if (typeof exported === 'object' && exported !== null && !Array.isArray(exported) && kindOf(exported) === undefined && 'default' in exported) exported = (exported as { default: unknown }).default;
  if (exported === undefined) throw new PluginError(path, 'has no default export', `export ${EXPECTED}`);
  const definitions = Array.isArray(exported) ? exported : [exported];
  const plugin: LoadedPlugin = { file: path, protocols: [], datasets: [], metrics: [] };
  for (const [index, definition] of definitions.entries()) {
    const where = Array.isArray(exported) ? `default export [${index}]` : 'default export';
    const kind = kindOf(definition);
    if (kind === undefined) throw new PluginError(path, `${where} is ${describe(definition)}, not a definition`, `export ${EXPECTED}`);
    let name: string;
    try {
      name = register(kind, definition);
    } catch (error) {
      throw new PluginError(path, `${where} (a ${kind}): ${error instanceof Error ? error.message : String(error)}`, error instanceof QuorumError ? error.hint : undefined, error);
    }
    plugin[kind === 'protocol' ? 'protocols' : kind === 'dataset' ? 'datasets' : 'metrics'].push(name);
  }
  return plugin;
}

async function importModule(path: string): Promise<unknown> {
  const url = pathToFileURL(path).href;
  try {
    if (!/\.[cm]?ts$/.test(path)) return await import(url);
    // TypeScript plugins go through tsx, loaded on use so JavaScript-only installs never need it
    const tsx = await import('tsx/esm/api').catch(() => undefined);
    if (tsx === undefined) throw new PluginError(path, 'is TypeScript, and the package tsx that loads it is not installed', 'npm install tsx, or compile the plugin to .mjs');
    return await tsx.tsImport(url, import.meta.url);
  } catch (error) {
    if (error instanceof PluginError) throw error;
    throw new PluginError(path, `cannot be imported: ${error instanceof Error ? error.message : String(error)}`, 'fix the module so that `node` can import it', error);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a nested list';
  if (typeof value === 'function') return 'a function (call it: export its result)';
  if (typeof value !== 'object') return `a ${typeof value}`;
  return `an object that is neither a protocol, a dataset nor a metric definition (keys: ${Object.keys(value).slice(0, 6).join(', ') || 'none'})`;
}
