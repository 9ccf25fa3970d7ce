const { createFederatedConfig } = require('../webpack.shared');

module.exports = createFederatedConfig({ name: 'auth', dir: __dirname });
