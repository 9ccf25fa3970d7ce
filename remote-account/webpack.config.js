const { createFederatedConfig } = require('../webpack.shared');

module.exports = createFederatedConfig({ name: 'account', dir: __dirname });
