import type { ChatHistoryItem } from 'node-llama-cpp';
import type { ChatMessage } from '../../spec/chat.js';

/**
 * Converts chat messages to node-llama-cpp's history, ending with the model
 * turn to generate. A trailing assistant message is kept as the start of the
 * reply, so the model continues it.
 */
export function toChatHistory(messages: readonly ChatMessage[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = messages.map((message): ChatHistoryItem => {
    switch (message.role) {
      case 'system':
        return { type: 'system', text: message.content };
      case 'user':
        return { type: 'user', text: message.content };
      case 'assistant':
        return { type: 'model', response: [message.content] };
    }
  });
  if (history.at(-1)?.type !== 'model') history.push({ type: 'model', response: [] });
  return history;
}
