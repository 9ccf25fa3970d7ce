import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as z from 'zod/mini';
import { CnpjField, CepField, PhoneField } from '../../brazilian/masked-fields';
import { cnpjSchema, phoneSchema } from '../../brazilian/documents';
import { CheckboxField, SelectField, TextField } from '../fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '../form';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Informe o nome.')),
  plan: z.string().check(z.minLength(1, 'Escolha um plano.')),
  terms: z.boolean().check(z.refine(Boolean, 'Aceite os termos para continuar.')),
});

function PlanForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => unknown }) {
  const form = useZodForm(schema, { defaultValues: { name: '', plan: '', terms: false } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormAlert />
      <TextField name="name" label="Nome" hint="Como aparece no certificado." />
      <SelectField name="plan" label="Plano" placeholder="Selecione" options={[{ value: 'MONTHLY', label: 'Mensal' }]} />
      <CheckboxField name="terms" label="Aceito os termos" />
      <SubmitButton>Salvar</SubmitButton>
    </Form>
  );
}

describe('Form and its fields', () => {
  it('When the form is sent with errors, then each field says why, is marked invalid, and the first one in the page gets the focus', async () => {
    const onSubmit = jest.fn();
    render(<PlanForm onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('Como aparece no certificado.');

    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('Informe o nome.');
    expect(screen.getByLabelText('Plano')).toHaveAccessibleDescription('Escolha um plano.');
    expect(screen.getByLabelText('Aceito os termos')).toHaveAccessibleDescription('Aceite os termos para continuar.');
    expect(screen.getByLabelText('Nome')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('When a field is fixed after a refused submit, then its message goes away as the person types, without moving the focus', async () => {
    render(<PlanForm onSubmit={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await userEvent.selectOptions(screen.getByLabelText('Plano'), 'MONTHLY');
    await userEvent.type(screen.getByLabelText('Nome'), 'Ana');

    expect(screen.getByLabelText('Nome')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana');
    expect(screen.getByLabelText('Nome')).toHaveFocus();
  });

  it('When the values are valid, then onSubmit gets the parsed values; when it rejects, its message is an alert and the values stay', async () => {
    const onSubmit = jest.fn().mockRejectedValue(new Error('O plano não está mais disponível.'));
    render(<PlanForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Nome'), '  Ana  ');
    await userEvent.selectOptions(screen.getByLabelText('Plano'), 'MONTHLY');
    await userEvent.click(screen.getByLabelText('Aceito os termos'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana', plan: 'MONTHLY', terms: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('O plano não está mais disponível.');
    expect(screen.getByLabelText('Nome')).toHaveValue('  Ana  ');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('When the submit is under way, then the button is busy and a second press sends nothing', async () => {
    const onSubmit = jest.fn(() => new Promise(() => undefined));
    render(<PlanForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Nome'), 'Ana');
    await userEvent.selectOptions(screen.getByLabelText('Plano'), 'MONTHLY');
    await userEvent.click(screen.getByLabelText('Aceito os termos'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveAttribute('aria-busy', 'true');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

const documentsSchema = z.object({ cnpj: cnpjSchema, phone: phoneSchema, cep: z.string() });

function DocumentsForm({ onSubmit }: { onSubmit: (values: z.output<typeof documentsSchema>) => unknown }) {
  const form = useZodForm(documentsSchema, { defaultValues: { cnpj: '', phone: '', cep: '' } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <CnpjField name="cnpj" />
      <PhoneField name="phone" />
      <CepField name="cep" />
      <SubmitButton>Salvar</SubmitButton>
    </Form>
  );
}

describe('masked fields', () => {
  it('When characters are typed, then CNPJ, CEP and phone take their shapes as they come; the CNPJ keeps letters (upper case) in its first twelve places, the others drop them, and extra characters are dropped', async () => {
    render(<DocumentsForm onSubmit={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('CNPJ'), '11a222333000181999');
    await userEvent.type(screen.getByLabelText('CEP'), '01a310100');
    await userEvent.type(screen.getByLabelText('Telefone'), '11x98');

    expect(screen.getByLabelText('CNPJ')).toHaveValue('11.A22.233/3000-18');
    expect(screen.getByLabelText('CEP')).toHaveValue('01310-100');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 98');
  });

  it('When a phone grows from 10 to 11 digits, then the mask moves from landline to mobile and back when a digit is erased', async () => {
    render(<DocumentsForm onSubmit={jest.fn()} />);
    const phone = screen.getByLabelText('Telefone');
    await userEvent.type(phone, '1134567890');
    expect(phone).toHaveValue('(11) 3456-7890');
    await userEvent.clear(phone);
    await userEvent.type(phone, '11987654321');
    expect(phone).toHaveValue('(11) 98765-4321');
    await userEvent.type(phone, '{Backspace}');
    expect(phone).toHaveValue('(11) 9876-5432');
  });

  it('When a CNPJ with wrong check digits is sent, then the check of @brazilian-utils refuses it in Portuguese', async () => {
    const onSubmit = jest.fn();
    render(<DocumentsForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('CNPJ'), '11222333000180');
    await userEvent.type(screen.getByLabelText('Telefone'), '1134567890');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(screen.getByLabelText('CNPJ')).toHaveAccessibleDescription('Esse CNPJ não é válido. Confira os números e as letras.');
    expect(screen.getByLabelText('CNPJ')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('When the options arrive after the form already holds a value (a loaded item, its categories still loading), then the select shows that value, not the placeholder', () => {
    function Late({ options }: { options: { value: string; label: string }[] }) {
      const form = useZodForm(schema, { defaultValues: { name: 'Ana', plan: 'YEARLY', terms: true } });
      return (
        <Form form={form} onSubmit={jest.fn()}>
          <SelectField name="plan" label="Plano" placeholder="Selecione" options={options} />
        </Form>
      );
    }
    const { rerender } = render(<Late options={[]} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Plano');
    expect(select.value).toBe('');
    rerender(<Late options={[{ value: 'MONTHLY', label: 'Mensal' }, { value: 'YEARLY', label: 'Anual' }]} />);
    expect(select.value).toBe('YEARLY');
    expect(screen.getByRole('option', { name: 'Anual' })).toHaveProperty('selected', true);
  });
});

