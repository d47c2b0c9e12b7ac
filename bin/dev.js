#!/usr/bin/env -S node --import tsx
// Runs the commands from src/ without a build (oclif development mode); ends as bin/run.cjs does.
import { fileURLToPath } from 'node:url';
import { handle, run, settings } from '@oclif/core';
import { sourceCommandsOptions } from '../src/lib/cli/source-commands.ts';

process.env.NODE_ENV = 'development';
settings.debug = true;
await run(process.argv.slice(2), sourceCommandsOptions(fileURLToPath(new URL('..', import.meta.url)))).catch(handle);
