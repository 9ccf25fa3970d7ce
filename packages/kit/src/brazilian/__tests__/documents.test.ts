import { cepProblem, cnpjProblem, cnpjSchema, cpfProblem, phoneProblem } from '../documents';
import { formatCep, formatCnpj, formatCpf, formatPhone } from '../masks';

describe('CNPJ check', () => {
  it.each(['11.222.333/0001-81', '11222333000181', '00.000.000/0001-91', '33.000.167/0001-01', '60.701.190/0001-04'])(
    'When the check digits of %s match the mod-11 rule, then it is valid',
    (cnpj) => {
      expect(cnpjProblem(cnpj)).toBeUndefined();
      expect(cnpjSchema.safeParse(cnpj).success).toBe(true);
    },
  );

  // Issue 25: since July 2026 the first twelve characters may be letters, so the messages speak of characters and letters.
  it.each([
    ['11.222.333/0001-80', 'the second check digit is wrong', 'Esse CNPJ não é válido. Confira os números e as letras.'],
    ['11.222.333/0001-91', 'the first check digit is wrong', 'Esse CNPJ não é válido. Confira os números e as letras.'],
    ['00.000.000/0000-00', 'it is all zeros', 'Esse CNPJ não é válido. Confira os números e as letras.'],
    ['11.111.111/1111-11', 'it repeats one digit', 'Esse CNPJ não é válido. Confira os números e as letras.'],
    ['11.222.333/0001-8a', 'it has a letter in place of a check digit', 'Esse CNPJ não é válido. Confira os números e as letras.'],
    ['12.ABC.345/01DE-36', 'the Receita example with a wrong check digit', 'Esse CNPJ não é válido. Confira os números e as letras.'],
    ['112223330001810', 'it has 15 digits', 'Esse CNPJ não é válido. Confira os números e as letras.'],
    ['11.222.333/0001-8', 'it has 13 digits', 'O CNPJ tem 14 caracteres.'],
    ['', 'it is empty', 'Informe o CNPJ do laboratório.'],
  ])('When the CNPJ is %s (%s), then it is refused with its message', (cnpj, _why, message) => {
    expect(cnpjProblem(cnpj)).toBe(message);
    expect(cnpjSchema.safeParse(cnpj).error?.issues[0]?.message).toBe(message);
  });
});

describe('Alphanumeric CNPJ (issue 25, IN RFB 2.229/2024)', () => {
  it.each(['12.ABC.345/01DE-35', '12ABC34501DE35', '12abc34501de35'])('When the Receita Federal example is typed as %s, then it is valid', (cnpj) => {
    expect(cnpjProblem(cnpj)).toBeUndefined();
    expect(cnpjSchema.safeParse(cnpj).success).toBe(true);
  });
});

describe('CPF check', () => {
  it('When the check digits match, then it is valid, masked or not', () => {
    expect(cpfProblem('529.982.247-25')).toBeUndefined();
    expect(cpfProblem('52998224725')).toBeUndefined();
  });

  it.each([
    ['529.982.247-24', 'Esse CPF não é válido. Confira os números.'],
    ['111.111.111-11', 'Esse CPF não é válido. Confira os números.'],
    ['529.982.247', 'O CPF tem 11 dígitos.'],
    ['', 'Informe o CPF.'],
  ])('When the CPF is "%s", then it is refused with "%s"', (cpf, message) => {
    expect(cpfProblem(cpf)).toBe(message);
  });
});

describe('phone and CEP checks', () => {
  it('When a landline or a mobile has its DDD, then it is valid', () => {
    expect(phoneProblem('(11) 3456-7890')).toBeUndefined();
    expect(phoneProblem('(11) 98765-4321')).toBeUndefined();
  });

  it.each(['(11) 98', '3456-7890', '(11) 1234-5678', ''])('When the phone is "%s", then it is refused', (phone) => {
    expect(phoneProblem(phone)).toBe('Informe o telefone com DDD, como (11) 3456-7890.');
  });

  it('When the CEP has 8 digits, then it passes; otherwise it says so', () => {
    expect(cepProblem('01310-100')).toBeUndefined();
    expect(cepProblem('01310-10')).toBe('Informe o CEP com 8 dígitos.');
  });
});

describe('formatting', () => {
  it('When digits are typed or pasted, then CNPJ, CPF, phone and CEP take their Brazilian shapes and extra digits are dropped', () => {
    expect(formatCnpj('11222333000181999')).toBe('11.222.333/0001-81');
    expect(formatCnpj('11222')).toBe('11.222');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('119')).toBe('(11) 9');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('abc0131')).toBe('0131');
  });

  it('When an alphanumeric CNPJ is typed, pasted or comes from the API, then it takes the same shape in upper case (issue 25)', () => {
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12ABC')).toBe('12.ABC');
  });
});
