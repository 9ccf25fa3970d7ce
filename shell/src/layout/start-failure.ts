// What the page says when the app cannot start at all: its own chunk failed to load (offline, a
// deploy that removed it), so React and the kit's components are not there either. Plain DOM, with
// the kit's class names (their CSS arrives with the HTML), and nothing from the app's chunks.

/** The message of every start-up failure, here and in the bootstrap's own error path. */
export const START_FAILURE_MESSAGE = 'Não foi possível iniciar o Clube. Verifique sua conexão.';

/**
 * Replaces the page area (the HTML's `#conteudo`, else the whole root) with the error state of the
 * kit's ErrorState: a title, the message and a button that loads the page again. The header and
 * footer of the HTML stay; what the server painted in the page area (inert, waiting for the app)
 * goes, since the app that would have taken it over is not coming.
 */
export function showStartFailure(doc: Document = document, reload: () => void = () => window.location.reload()): void {
  const area = doc.getElementById('conteudo') ?? doc.getElementById('root');
  if (!area) return;
  const main = doc.createElement('main');
  main.className = 'clube-page';
  const state = doc.createElement('div');
  state.className = 'clube-state';
  state.setAttribute('role', 'alert');
  const title = doc.createElement('h2');
  title.className = 'clube-state__title';
  title.textContent = 'Algo deu errado';
  const message = doc.createElement('p');
  message.className = 'clube-state__message';
  message.textContent = START_FAILURE_MESSAGE;
  const retry = doc.createElement('button');
  retry.type = 'button';
  retry.className = 'clube-button clube-button--primary';
  retry.textContent = 'Tentar novamente';
  retry.addEventListener('click', () => reload());
  state.append(title, message, retry);
  main.append(state);
  area.removeAttribute('inert');
  area.removeAttribute('data-first-view');
  area.replaceChildren(main);
  openableMenu(doc);
}

/**
 * The HTML's "Menu" button (phones: the destinations fold behind it) is the app's to run; without
 * the app it would do nothing and the destinations would stay out of reach. Here it opens and
 * closes them as the header does.
 */
function openableMenu(doc: Document): void {
  const button = doc.querySelector<HTMLButtonElement>('button[aria-controls="menu-principal"]');
  const nav = doc.getElementById('menu-principal');
  if (!button || !nav) return;
  button.addEventListener('click', () => {
    const open = nav.classList.toggle('shell-header__nav--open');
    button.setAttribute('aria-expanded', String(open));
  });
}
