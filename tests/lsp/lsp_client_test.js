#!/usr/bin/env node
// Drives `qbank lsp` with the LSP client library VS Code's own client is built on
// (vscode-languageserver-protocol over vscode-jsonrpc): initialize, open, edit, diagnostics with
// UTF-16 ranges on a line of non-ASCII text, a quick fix applied and its diagnostic gone, a
// duplicate found across files as it is typed, go to definition, hover, symbols, "disable here",
// a document in an unknown format; then, on the raw byte stream, a malformed message, a bad
// header, a request before initialize and an unknown method, each an error and never a crash;
// shutdown and exit clean.
//
// usage: node lsp_client_test.js path/to/qbank   (exit 77: skipped, node_modules missing)
'use strict';

const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

let protocol;
try {
  protocol = require('vscode-languageserver-protocol/node');
} catch (e) {
  console.log('SKIP: vscode-languageserver-protocol is not installed (run `npm ci` in tests/lsp)');
  process.exit(77);
}

const qbank = process.argv[2];
if (!qbank || !fs.existsSync(qbank)) {
  console.error('usage: node lsp_client_test.js path/to/qbank');
  process.exit(2);
}

const kTimeoutMs = 8000;

// Original questions written for this test; the stem line holds é, an emoji, CJK and a zero-width
// space (invisible-characters finds it, and its fix deletes it).
const kStemLine = 'Which planet is called the red planet? Café 😀 日本\u200B test.';
const kMarkdown = `---
id: planet-1
---

## Question

${kStemLine}

## Options

- [x] Mars
  > Iron oxide dust gives it the colour.
- [ ] Venus
  > Thick clouds make it pale yellow.
- [ ] Jupiter
  > Bands of cloud, mostly cream and brown.

## Explanation

Mars looks red because of iron oxide on its surface.
`;
// The question another file of the workspace holds; typed into the draft, it is a duplicate.
const kGift = `// [id:titan-1]
::Moons:: Which planet has the moon Titan? {
=Saturn
~Mars
~Venus
}
`;
const kDuplicate = `
---
id: planet-2
---

## Question

Which planet has the moon Titan?

## Options

- [x] Saturn
  > Titan is its largest moon.
- [ ] Mars
  > Mars has two small moons, Phobos and Deimos.
- [ ] Venus
  > Venus has no moon.

## Explanation

Titan orbits Saturn.
`;

function withTimeout(promise, what, ms = kTimeoutMs) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

// The offset in `text` of LSP position `p` (JavaScript strings count UTF-16 units, as LSP does).
function offsetOf(text, p) {
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < p.line; ++i) offset += lines[i].length + 1;
  return offset + p.character;
}

function applyEdit(text, edit) {
  return text.slice(0, offsetOf(text, edit.range.start)) + edit.newText +
         text.slice(offsetOf(text, edit.range.end));
}

function endOf(text) {
  const lines = text.split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}

class Client {
  constructor(root) {
    this.child = spawn(qbank, ['lsp'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    this.child.stderr.on('data', (d) => { this.stderr += d; });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
    this.connection = protocol.createProtocolConnection(
      new protocol.StreamMessageReader(this.child.stdout),
      new protocol.StreamMessageWriter(this.child.stdin));
    this.waiters = [];
    this.latest = new Map();
    this.connection.onNotification(protocol.PublishDiagnosticsNotification.type, (params) => {
      this.latest.set(params.uri, params);
      this.waiters = this.waiters.filter((w) => !(w.uri === params.uri && w.test(params) &&
                                                   (w.resolve(params), true)));
    });
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.listen();
    this.root = root;
  }
  // The next diagnostics for `uri` that pass `test`.
  diagnostics(uri, test, what) {
    return withTimeout(new Promise((resolve) => this.waiters.push({ uri, test, resolve })),
                       what);
  }
}

async function main() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank lsp é-'));
  fs.writeFileSync(path.join(root, 'moons.gift'), kGift);
  const draftPath = path.join(root, 'planets.md');
  fs.writeFileSync(draftPath, kMarkdown);
  const uri = pathToFileURL(draftPath).href;
  const giftUri = pathToFileURL(path.join(root, 'moons.gift')).href;
  const client = new Client(root);
  const c = client.connection;

  const init = await withTimeout(c.sendRequest(protocol.InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
    initializationOptions: { debounceMs: 50 },
  }), 'initialize');
  assert.equal(init.capabilities.textDocumentSync.change, 2, 'incremental sync');
  assert.equal(init.capabilities.positionEncoding, 'utf-16');
  assert.ok(init.capabilities.codeActionProvider && init.capabilities.hoverProvider);
  c.sendNotification(protocol.InitializedNotification.type, {});

  // Open: the zero-width space is found at its UTF-16 column on the non-ASCII line.
  let text = kMarkdown;
  const opened = client.diagnostics(uri, (p) => p.diagnostics.length > 0, 'diagnostics on open');
  c.sendNotification(protocol.DidOpenTextDocumentNotification.type,
                     { textDocument: { uri, languageId: 'markdown', version: 1, text } });
  let published = await opened;
  const invisible = published.diagnostics.find((d) => d.code === 'invisible-characters');
  assert.ok(invisible, 'invisible-characters on open: ' + JSON.stringify(published));
  const stemLine = text.split('\n').indexOf(kStemLine);
  const column = kStemLine.indexOf('\u200B');
  assert.deepEqual(invisible.range, {
    start: { line: stemLine, character: column },
    end: { line: stemLine, character: column + 1 },
  }, 'range in UTF-16 units (the emoji counts two)');
  assert.equal(invisible.source, 'qbank');

  // Hover on the finding: its message and the rule's page.
  const hover = await withTimeout(c.sendRequest(protocol.HoverRequest.type,
                                  { textDocument: { uri }, position: invisible.range.start }), 'hover');
  assert.match(hover.contents.value, /invisible-characters/);
  assert.match(hover.contents.value, /fixable: yes/);

  // The quick fix, applied as an incremental change: the diagnostic goes away.
  const actions = await withTimeout(c.sendRequest(protocol.CodeActionRequest.type, {
    textDocument: { uri }, range: invisible.range, context: { diagnostics: [invisible] },
  }), 'code actions');
  const fix = actions.find((a) => a.title.startsWith('Fix invisible-characters'));
  assert.ok(fix, 'a quick fix: ' + JSON.stringify(actions));
  assert.equal(fix.kind, 'quickfix');
  const [edit] = fix.edit.changes[uri];
  assert.ok(actions.some((a) => a.title === 'Disable invisible-characters for this question'));
  text = applyEdit(text, edit);
  assert.ok(!text.includes('\u200B'));
  const fixed = client.diagnostics(uri, (p) => p.version === 2, 'diagnostics after the fix');
  c.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 }, contentChanges: [{ range: edit.range, text: edit.newText }],
  });
  published = await fixed;
  assert.ok(!published.diagnostics.some((d) => d.code === 'invisible-characters'),
            'the fixed finding is gone: ' + JSON.stringify(published.diagnostics));

  // Typing a copy of the other file's question: a duplicate across files, found as typed, in
  // several small edits (only the last one is linted after the debounce).
  let version = 2;
  const typed = client.diagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'exact-duplicate'),
                                   'the duplicate across files');
  for (const piece of [kDuplicate.slice(0, 40), kDuplicate.slice(40, 200), kDuplicate.slice(200)]) {
    const at = endOf(text);
    text += piece;
    c.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: ++version }, contentChanges: [{ range: { start: at, end: at }, text: piece }],
    });
  }
  published = await typed;
  const duplicate = published.diagnostics.find((d) => d.code === 'exact-duplicate');
  assert.equal(published.version, version, 'linted once the typing stopped');
  assert.ok(duplicate.relatedInformation.some((r) => r.location.uri === giftUri),
            'related: the other file: ' + JSON.stringify(duplicate));

  // Go to definition from the duplicate: the question in the other file.
  const definition = await withTimeout(c.sendRequest(protocol.DefinitionRequest.type, {
    textDocument: { uri }, position: duplicate.range.start,
  }), 'definition');
  assert.ok(Array.isArray(definition) && definition.some((l) => l.uri === giftUri &&
                                                         l.range.start.line === 1),
            'definition in moons.gift: ' + JSON.stringify(definition));

  // The outline: one symbol per question, named by id.
  const symbols = await withTimeout(c.sendRequest(protocol.DocumentSymbolRequest.type,
                                    { textDocument: { uri } }), 'symbols');
  assert.deepEqual(symbols.map((s) => s.name), ['planet-1', 'planet-2']);

  // "Disable exact-duplicate here": the directive goes in, the diagnostic goes away.
  const disable = (await c.sendRequest(protocol.CodeActionRequest.type, {
    textDocument: { uri }, range: duplicate.range, context: { diagnostics: [duplicate] },
  })).find((a) => a.title === 'Disable exact-duplicate for this question');
  assert.ok(disable, 'a disable action');
  const [directive] = disable.edit.changes[uri];
  assert.match(directive.newText, /qbank-disable(-next)? exact-duplicate/);
  text = applyEdit(text, directive);
  const next = version + 1;
  const quiet = client.diagnostics(uri, (p) => p.version === next, 'after disabling');
  c.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: ++version }, contentChanges: [{ text }],
  });
  published = await quiet;
  assert.ok(!published.diagnostics.some((d) => d.code === 'exact-duplicate'),
            'suppressed: ' + JSON.stringify(published.diagnostics));

  // Hover on the rule id in the directive: the rule's page.
  const directiveLine = text.split('\n').findIndex((l) => l.includes('qbank-disable'));
  const ruleHover = await c.sendRequest(protocol.HoverRequest.type, {
    textDocument: { uri },
    position: { line: directiveLine, character: text.split('\n')[directiveLine].indexOf('exact-duplicate') + 3 },
  });
  assert.match(ruleHover.contents.value, /^# exact-duplicate/m);

  // The configuration is read as the command line reads it, and again when it changes: a
  // zero-width space typed back is a warning, then an error once .qbank.json says so.
  const back = { line: stemLine, character: column };
  text = applyEdit(text, { range: { start: back, end: back }, newText: '\u200B' });
  const warned = version + 1;
  const warning = client.diagnostics(uri, (p) => p.version === warned, 'the typed-back character');
  c.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: ++version },
    contentChanges: [{ range: { start: back, end: back }, text: '\u200B' }],
  });
  const severityOf = (p) => p.diagnostics.find((d) => d.code === 'invisible-characters')?.severity;
  assert.equal(severityOf(await warning), 2, 'a warning under the recommended preset');
  const configPath = path.join(root, '.qbank.json');
  fs.writeFileSync(configPath, '{"extends": "recommended", "rules": {"invisible-characters": "error"}}\n');
  const reloaded = client.diagnostics(uri, (p) => severityOf(p) === 1, 'diagnostics after the config changed');
  c.sendNotification(protocol.DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: pathToFileURL(configPath).href, type: protocol.FileChangeType.Created }],
  });
  await reloaded;

  // A document in no format qbank reads: no diagnostics, no symbols, no error.
  const otherUri = pathToFileURL(path.join(root, 'notes.unknown')).href;
  const none = client.diagnostics(otherUri, () => true, 'diagnostics of an unknown format');
  c.sendNotification(protocol.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: otherUri, languageId: 'plaintext', version: 1, text: 'just notes\n' },
  });
  assert.deepEqual((await none).diagnostics, []);
  assert.deepEqual(await c.sendRequest(protocol.DocumentSymbolRequest.type,
                                       { textDocument: { uri: otherUri } }), []);

  // An unknown method is -32601 (MethodNotFound); the server goes on.
  await assert.rejects(c.sendRequest('qbank/noSuchMethod', {}), (e) => e.code === -32601);

  await withTimeout(c.sendRequest(protocol.ShutdownRequest.type), 'shutdown');
  c.sendNotification(protocol.ExitNotification.type);
  assert.equal(await withTimeout(client.exited, 'exit'), 0, 'exit code after shutdown: ' + client.stderr);
  c.dispose();
  await rawStream();
  fs.rmSync(root, { recursive: true, force: true });
  console.log('lsp client test: all checks passed');
}

// The raw byte stream: what no client library sends.
async function rawStream() {
  const child = spawn(qbank, ['lsp'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = Buffer.alloc(0);
  const arrived = [];
  const responses = () => {
    const messages = [];
    let rest = out;
    for (;;) {
      const header = rest.indexOf('\r\n\r\n');
      if (header < 0) break;
      const length = Number(/Content-Length: (\d+)/.exec(rest.slice(0, header).toString())[1]);
      if (rest.length < header + 4 + length) break;
      messages.push(JSON.parse(rest.slice(header + 4, header + 4 + length).toString()));
      rest = rest.slice(header + 4 + length);
    }
    return messages;
  };
  child.stdout.on('data', (d) => { out = Buffer.concat([out, d]); arrived.forEach((f) => f()); });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (n, what) => withTimeout(new Promise((resolve) => {
    const check = () => { if (responses().length >= n) resolve(responses()); };
    arrived.push(check);
    check();
  }), what);
  const send = (body) => child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);

  send('{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}');
  let got = await waitFor(1, 'the answer to a request before initialize');
  assert.equal(got[0].id, 1);
  assert.equal(got[0].error.code, -32002, 'ServerNotInitialized');
  send('{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}');
  send('{"jsonrpc":"2.0","id":3,"method":');  // malformed JSON
  child.stdin.write('Content-Lenght: 12\r\n\r\n');  // a header without Content-Length
  send('{"jsonrpc":"2.0","id":4,"method":"qbank/nothing"}');
  send('[1,2]');
  got = await waitFor(6, 'the answers to malformed messages');
  assert.ok(got[1].result && got[1].result.capabilities, "initialize answered: " + JSON.stringify(got));
  assert.equal(got[2].error.code, -32700, 'malformed JSON: ParseError');
  assert.equal(got[2].id, null);
  assert.equal(got[3].error.code, -32700, 'bad header: ParseError');
  assert.equal(got[4].id, 4);
  assert.equal(got[4].error.code, -32601, 'unknown method');
  assert.equal(got[5].error.code, -32600, 'not an object: InvalidRequest');
  send('{"jsonrpc":"2.0","id":5,"method":"shutdown"}');
  send('{"jsonrpc":"2.0","method":"exit"}');
  assert.equal(await withTimeout(exited, 'exit of the raw server'), 0);
}

const overall = setTimeout(() => {
  console.error('lsp client test: over 20 s');
  process.exit(1);
}, 20000);
main().then(() => clearTimeout(overall)).catch((e) => {
  console.error('lsp client test failed:', e && e.stack ? e.stack : e);
  process.exit(1);
});
