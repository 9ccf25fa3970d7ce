// The kit's gallery: a plain webpack app (no Module Federation — the kit is not a deployment).
// `npm run dev -w packages/kit` serves it on KIT_PORT (8085); `npm run build -w packages/kit` writes dist/,
// which the browser suite serves (e2e/tests/kit.test.ts).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

module.exports = (_env, argv = {}) => {
  const dev = (argv.mode ?? 'production') === 'development';
  return {
    mode: dev ? 'development' : 'production',
    context: __dirname,
    entry: { gallery: './src/gallery/index.tsx' },
    output: { path: path.join(__dirname, 'dist'), filename: dev ? '[name].js' : '[name].[contenthash:8].js', publicPath: '/', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    devtool: dev ? 'eval-cheap-module-source-map' : false,
    performance: { hints: false },
    stats: 'errors-warnings',
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic', development: dev } } } },
          },
        },
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
      ],
    },
    plugins: [new HtmlWebpackPlugin({ template: path.join(__dirname, '..', '..', 'shell', 'index.html'), title: 'Kit do Clube' })],
    devServer: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.KIT_PORT ?? 8085), historyApiFallback: true, hot: true, static: false, client: { overlay: false } },
  };
};
