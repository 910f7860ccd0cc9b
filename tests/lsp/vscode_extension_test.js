#!/usr/bin/env node
// The VS Code extension in editors/vscode, loaded with stand-ins for the `vscode` and
// `vscode-languageclient/node` modules (neither VS Code nor the client library runs in CI): it
// starts `qbank lsp` over stdio with the configured path and debounce, for every language its
// package.json activates on, and stops the client on deactivate.
'use strict';

const assert = require('node:assert/strict');
const Module = require('node:module');
const path = require('node:path');

const extensionDir = path.join(__dirname, '..', '..', 'editors', 'vscode');
const manifest = require(path.join(extensionDir, 'package.json'));
const made = [];
const settings = { path: '/opt/qbank/bin/qbank', debounceMs: 120 };
const stubs = {
  vscode: {
    workspace: {
      getConfiguration: (section) => {
        assert.equal(section, 'qbank');
        return { get: (key, fallback) => (key in settings ? settings[key] : fallback) };
      },
      createFileSystemWatcher: (glob) => ({ glob }),
    },
  },
  'vscode-languageclient/node': {
    TransportKind: { stdio: 0 },
    LanguageClient: class {
      constructor(id, name, server, client) {
        Object.assign(this, { id, name, server, client, started: false, stopped: false });
        made.push(this);
      }
      start() { this.started = true; return Promise.resolve(); }
      stop() { this.stopped = true; return Promise.resolve(); }
    },
  },
};
const load = Module._load;
Module._load = function (request, parent, isMain) {
  return request in stubs ? stubs[request] : load.call(this, request, parent, isMain);
};

const extension = require(path.join(extensionDir, manifest.main));
const context = { subscriptions: [] };
extension.activate(context).then(async () => {
  assert.equal(made.length, 1);
  const client = made[0];
  assert.deepEqual(client.server.run, { command: '/opt/qbank/bin/qbank', args: ['lsp'], transport: 0 });
  assert.equal(client.client.initializationOptions.debounceMs, 120);
  assert.equal(client.client.synchronize.fileEvents.glob, '**/*');
  assert.ok(client.started && context.subscriptions.includes(client));
  const languages = client.client.documentSelector.map((s) => s.language).sort();
  const activated = manifest.activationEvents.filter((e) => e.startsWith('onLanguage:'))
    .map((e) => e.slice('onLanguage:'.length)).sort();
  assert.deepEqual(languages, activated, 'the selector and the activation events agree');
  for (const language of manifest.contributes.languages) {
    assert.ok(languages.includes(language.id), `${language.id} is served`);
  }
  await extension.deactivate();
  assert.ok(client.stopped);
  console.log('vscode extension test: all checks passed');
}).catch((e) => {
  console.error('vscode extension test failed:', e);
  process.exit(1);
});
