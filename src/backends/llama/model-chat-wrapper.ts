import { resolveChatWrapper, type ChatWrapper, type LlamaModel } from 'node-llama-cpp';

const wrappers = new WeakMap<LlamaModel, ChatWrapper>();

/**
 * The chat wrapper (prompt format) of a model, resolved once per loaded model:
 * matching a Jinja chat template against the known formats takes about a
 * second. The generated test model's template is known to be plain Jinja, so
 * it skips the matching.
 */
export function chatWrapperFor(model: LlamaModel, options: { plainJinja?: boolean } = {}): ChatWrapper {
  let wrapper = wrappers.get(model);
  if (wrapper === undefined) {
    wrapper = resolveChatWrapper(model, options.plainJinja === true ? { type: 'jinjaTemplate' } : {});
    wrappers.set(model, wrapper);
  }
  return wrapper;
}
