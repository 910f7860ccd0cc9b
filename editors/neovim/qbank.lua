-- qbank's language server for Neovim 0.8 or later (vim.lsp.start): put this file in
-- ~/.config/nvim/plugin/ (or source it from init.lua). docs/editors.md explains it.
vim.filetype.add({ extension = { gift = 'gift', aiken = 'aiken' } })

vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'markdown', 'gift', 'aiken', 'text', 'csv', 'xml', 'json' },
  callback = function(args)
    vim.lsp.start({
      name = 'qbank',
      cmd = { 'qbank', 'lsp' },
      -- The workspace is the folder of the nearest .qbank.json, else the git work tree.
      root_dir = vim.fs.dirname(vim.fs.find({ '.qbank.json', '.git' },
                                            { upward = true, path = vim.fs.dirname(args.file) })[1]),
      init_options = { debounceMs = 200 },
    })
  end,
})
