#!/usr/bin/env node
import { applyV8Settings } from './v8-settings.js';

applyV8Settings(process.argv);
// main is imported after the V8 settings: the young generation grows while the command's modules load.
const { main } = await import('./main.js');
await main(process.argv);
