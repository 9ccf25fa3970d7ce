import { isValidCnpj } from '../cnpj';
import { maskCep, maskCnpj, maskPhone } from '../masks';

describe('isValidCnpj', () => {
  it.each(['11.222.333/0001-81', '11222333000181', '00.000.000/0001-91', '33.000.167/0001-01', '60.701.190/0001-04'])(
    'When the check digits of %s match the mod-11 rule, then it is valid',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
    },
  );

  it.each([
    ['11.222.333/0001-80', 'the second check digit is wrong'],
    ['11.222.333/0001-91', 'the first check digit is wrong'],
    ['00.000.000/0000-00', 'it is all zeros'],
    ['11.111.111/1111-11', 'it repeats one digit'],
    ['11.222.333/0001-8', 'it has 13 digits'],
    ['112223330001810', 'it has 15 digits'],
    ['11.222.333/0001-8a', 'it has a letter'],
    ['', 'it is empty'],
  ])('When the CNPJ is %s (%s), then it is invalid', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});

describe('input masks', () => {
  it('When digits are typed or pasted, then CNPJ, phone and CEP take their Brazilian shapes and extra digits are dropped', () => {
    expect(maskCnpj('11222333000181999')).toBe('11.222.333/0001-81');
    expect(maskCnpj('11222')).toBe('11.222');
    expect(maskPhone('1134567890')).toBe('(11) 3456-7890');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('abc0131')).toBe('0131');
  });
});
