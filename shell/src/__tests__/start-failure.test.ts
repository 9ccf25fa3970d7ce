import { readFileSync } from 'node:fs';
import path from 'node:path';
import { START_FAILURE_MESSAGE, showStartFailure } from '../layout/start-failure';

// The HTML the shell's server sends: its frame (header, page area, footer), here with a first view
// painted in the page area, inert until the app takes over.
const FRAME = readFileSync(path.join(__dirname, '..', 'layout', 'first-paint.html'), 'utf8');

beforeEach(() => {
  document.body.innerHTML = `<div id="root">${FRAME}</div>`;
  const area = document.getElementById('conteudo') as HTMLElement;
  area.setAttribute('data-first-view', '/planos');
  area.setAttribute('inert', '');
  area.innerHTML = '<main class="clube-page"><h1>Planos</h1><form inert><button>Assinar</button></form></main>';
});

it('When the app cannot load, the page area says so with a way to try again, instead of the inert copy', () => {
  const reload = jest.fn();
  showStartFailure(document, reload);

  const alert = document.querySelector('[role="alert"]');
  expect(alert?.querySelector('h2')?.textContent).toBe('Algo deu errado');
  expect(alert?.textContent).toContain(START_FAILURE_MESSAGE);
  expect(document.body.textContent).not.toContain('Assinar');
  const area = document.getElementById('conteudo') as HTMLElement;
  expect(area.hasAttribute('inert')).toBe(false);
  expect(area.hasAttribute('data-first-view')).toBe(false);

  const retry = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Tentar novamente');
  expect(retry).toBeDefined();
  retry?.click();
  expect(reload).toHaveBeenCalledTimes(1);
});

it('The header and footer of the HTML stay, so the visitor can still navigate', () => {
  showStartFailure(document, jest.fn());
  expect(document.querySelector('header nav a[href="/planos"]')).not.toBeNull();
  expect(document.querySelector('footer a[href="/termos-de-uso"]')).not.toBeNull();
  expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1);
});

it('On a phone, where the destinations fold behind "Menu", the button still opens and closes them without the app', () => {
  showStartFailure(document, jest.fn());
  const menu = document.querySelector('button[aria-controls="menu-principal"]') as HTMLButtonElement;
  const nav = document.getElementById('menu-principal') as HTMLElement;
  expect(menu.getAttribute('aria-expanded')).toBe('false');
  menu.click();
  expect(menu.getAttribute('aria-expanded')).toBe('true');
  expect(nav.classList.contains('shell-header__nav--open')).toBe(true);
  menu.click();
  expect(menu.getAttribute('aria-expanded')).toBe('false');
  expect(nav.classList.contains('shell-header__nav--open')).toBe(false);
});
