import { ConfigError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { DEMO_QUESTIONS } from './demo-questions.js';

/** The built-in demo questions (no file). */
export const demoLoader: DatasetLoader = {
  name: 'demo',
  description: `${DEMO_QUESTIONS.length} built-in multiple-choice questions (science, medicine, reasoning) for trying protocols`,
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    if (path !== undefined) throw new ConfigError(`the demo dataset is built in and reads no file (got ${path})`, 'drop --data, or pick the dataset that matches the file');
    return structuredClone(DEMO_QUESTIONS.slice(0, options.limit ?? DEMO_QUESTIONS.length)) as Question[];
  },
};
