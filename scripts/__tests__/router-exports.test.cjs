const fs = require('node:fs');
const { ROUTER_EXPORTS, ROUTER_MODULE } = require('../../webpack.shared.js');

describe('the react-router-dom the shell provides to the remotes', () => {
  const source = fs.readFileSync(ROUTER_MODULE, 'utf8');
  const exported = /export\s*\{([^}]*)\}\s*from\s*'react-router'/.exec(source)[1].split(',').map((name) => name.trim()).filter(Boolean);

  it('exports exactly the names lint allows importing (ROUTER_EXPORTS), so lint catches any name it lacks', () => {
    expect([...exported].sort()).toEqual([...ROUTER_EXPORTS].sort());
  });

  it('exports only names React Router really has', () => {
    const router = require('react-router');
    expect(ROUTER_EXPORTS.filter((name) => router[name] === undefined)).toEqual([]);
  });
});
