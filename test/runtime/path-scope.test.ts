// Routers behind underPaths: entered only for their paths, in any case as express matches them,
// and the app's own endpoints still answer however their path is cased.
import express, { Router } from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { underPaths } from '../../src/runtime/path-scope.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';

describe('underPaths', () => {
  it('runs a router for paths under its prefixes in any case, and lets every other request past without entering it', async () => {
    let entered = 0;
    const scoped = Router();
    scoped.use((_req, _res, next) => {
      entered++;
      next();
    });
    scoped.get('/v1/thing', (_req, res) => void res.send('thing'));
    const app = express();
    app.use(underPaths(['/v1/'], scoped));
    app.use((req, res) => void res.status(404).send(`fell through ${req.path}`));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/v1/thing`)).text()).toBe('thing');
      expect(await (await fetch(`${base}/V1/Thing`)).text()).toBe('thing');
      expect(entered).toBe(2);
      expect(await (await fetch(`${base}/v1/other`)).text()).toBe('fell through /v1/other');
      expect(entered).toBe(3);
      expect(await (await fetch(`${base}/guides/v1/thing`)).text()).toBe('fell through /guides/v1/thing');
      expect(await (await fetch(`${base}/v1`)).text()).toBe('fell through /v1');
      expect(entered).toBe(3);
    } finally {
      server.close();
    }
  });
});

describe('scoped routes of the app', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startRuntime();
  });
  afterAll(() => runtime.close());

  it('answer in any case, as express routes did before they were scoped', async () => {
    expect((await fetch(`${runtime.url}/HEALTHZ`)).status).toBe(200);
    const ping = await fetch(`${runtime.url}/MCP`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(await ping.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect((await fetch(`${runtime.url}/.well-known/mcp.json`)).status).toBe(200);
  });
});
