import { datedFileName, saveBlob } from '../save-blob';

describe('saveBlob', () => {
  afterEach(() => jest.useRealTimers());

  it('When a blob is saved, then the browser gets one download with its name and the link leaves no trace', () => {
    jest.useFakeTimers();
    const blob = new Blob(['nome;email\n'], { type: 'text/csv' });
    const createObjectURL = jest.fn(() => 'blob:usuarios');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });

    saveBlob(blob, 'usuarios-2026-11-22.csv');

    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:usuarios', download: 'usuarios-2026-11-22.csv', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1000);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:usuarios');
    click.mockRestore();
  });

  it('When a file is named for today, then the day is the UTC date, as in the API names', () => {
    expect(datedFileName('clube-meus-dados', 'json', new Date('2026-11-22T23:30:00-03:00'))).toBe('clube-meus-dados-2026-11-23.json');
    expect(datedFileName('registro-de-treinamento', 'pdf', new Date('2026-01-05T12:00:00Z'))).toBe('registro-de-treinamento-2026-01-05.pdf');
  });
});
