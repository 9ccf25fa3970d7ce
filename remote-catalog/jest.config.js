const base = require('../jest.frontend.cjs')(__dirname);

module.exports = { ...base, setupFiles: [...base.setupFiles, require.resolve('./jest.form-data.cjs')] };
