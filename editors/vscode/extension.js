// A minimal VS Code client for `qbank lsp` (not published; docs/editors.md says how to load it):
// starts the server over stdio for the question files qbank reads and lets vscode-languageclient
// do the rest (diagnostics, quick fixes, hover, definition, outline).
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

// The documents qbank reads as text; the server itself says nothing about files of no format it
// knows, so a broad selector is harmless.
const kDocumentSelector = [
  { scheme: 'file', language: 'markdown' },
  { scheme: 'file', language: 'gift' },
  { scheme: 'file', language: 'aiken' },
  { scheme: 'file', language: 'plaintext' },
  { scheme: 'file', language: 'csv' },
  { scheme: 'file', language: 'xml' },
  { scheme: 'file', language: 'json' },
];

function activate(context) {
  const settings = vscode.workspace.getConfiguration('qbank');
  const command = settings.get('path', 'qbank');
  const server = { command, args: ['lsp'], transport: TransportKind.stdio };
  client = new LanguageClient('qbank', 'qbank', { run: server, debug: server }, {
    documentSelector: kDocumentSelector,
    initializationOptions: { debounceMs: settings.get('debounceMs', 200) },
    synchronize: {
      // Configuration and question files changed outside the editor.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*'),
    },
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, kDocumentSelector };
