const { createFederatedConfig } = require('../webpack.shared');

module.exports = createFederatedConfig({ name: 'catalog', dir: __dirname });
