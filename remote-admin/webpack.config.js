const { createFederatedConfig } = require('../webpack.shared');

module.exports = createFederatedConfig({ name: 'admin', dir: __dirname });
