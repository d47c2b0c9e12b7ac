#!/usr/bin/env -S node --import tsx
// Runs the commands from src/ without a build (oclif development mode); ends as bin/run.js does.
import { handle, run, settings } from '@oclif/core';

process.env.NODE_ENV = 'development';
settings.debug = true;
await run(process.argv.slice(2), import.meta.url).catch(handle);
