#!/usr/bin/env node
import { applyHeapSettings } from './heap-settings.js';

applyHeapSettings(process.argv);
// main is imported after the heap settings: the young generation grows while the command's modules load.
const { main } = await import('./main.js');
await main(process.argv);
