// Webpack loader of a remote's first-view renderer build (target node): a CSS import registers the
// file's text with the renderer (packages/platform/src/first-view-styles.ts) instead of injecting a
// <style> element, so the shell's server can put the page's CSS into its HTML. The platform's own
// CSS (tokens) is already inlined by the shell: left out.
const path = require('node:path');

const COLLECTOR = path.join(__dirname, '..', 'packages', 'platform', 'src', 'first-view-styles.ts');
const PLATFORM = `${path.sep}packages${path.sep}platform${path.sep}`;

module.exports = function firstViewCssLoader(source) {
  if (this.resourcePath.includes(PLATFORM)) return '';
  const id = path.relative(path.join(__dirname, '..'), this.resourcePath).split(path.sep).join('/');
  return `require(${JSON.stringify(COLLECTOR)}).addFirstViewStyle(${JSON.stringify(id)}, ${JSON.stringify(String(source))});`;
};
