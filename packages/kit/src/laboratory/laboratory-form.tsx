import { normalizeCnpj } from '@clube/documents/cnpj';
import { Spinner, type Laboratory } from '@clube/platform';
import { useLayoutEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useAddressByCep, type CepAddress, type CepLookupStatus } from '../brazilian/cep-lookup';
import { STATE_OPTIONS } from '../brazilian/brazilian-states';
import { CnpjField, MaskedInput, PhoneField } from '../brazilian/masked-fields';
import { CEP_MASK, onlyDigits } from '../brazilian/masks';
import { SelectField, TextField, useFieldError } from '../forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '../forms/form';
import { laboratorySchema, laboratoryValues, MAX_LENGTH, type LaboratoryValues } from './laboratory-schema';

type AddressField = 'street' | 'district' | 'city' | 'state';
const ADDRESS_FIELDS: AddressField[] = ['street', 'district', 'city', 'state'];

const LOOKUP_MESSAGES: Partial<Record<CepLookupStatus, string>> = {
  slow: 'A busca de CEP está demorando. Você pode preencher manualmente.',
  'not-found': 'Não encontramos esse CEP. Preencha o endereço manualmente.',
  failed: 'Não foi possível buscar esse CEP agora. Preencha o endereço manualmente.',
  found: 'Endereço preenchido pelo CEP. Confira e informe o número.',
};

function CepLookupMessage({ status }: { status: CepLookupStatus }) {
  if (status === 'loading') {
    return (
      <div className="clube-form__lookup" data-testid="cep-lookup">
        <Spinner label="Buscando endereço…" />
      </div>
    );
  }
  const message = LOOKUP_MESSAGES[status];
  if (!message) return null;
  return (
    <p className={`clube-form__lookup${status === 'found' ? '' : ' clube-form__notice'}`} role="status" data-testid="cep-lookup">
      {message}
    </p>
  );
}

export interface LaboratoryFormProps {
  /** What the profile already holds. Read once, when the form mounts: render the form after the profile has loaded (or give it a `key`). */
  laboratory?: Laboratory | null;
  /** Saves the checked laboratory; a rejection's message is shown above the form and every value stays. */
  onSubmit: (laboratory: Laboratory) => Promise<unknown>;
  submitLabel: string;
}

/**
 * The laboratory's data — name, CNPJ (check digits), phone, and the address filled from the CEP
 * (BrasilAPI) with a manual fallback when the lookup fails or takes more than 4 s. Used by
 * `/onboarding` and `/usuario/laboratorio`.
 */
export function LaboratoryForm({ laboratory, onSubmit, submitLabel }: LaboratoryFormProps) {
  const form = useZodForm(laboratorySchema, { defaultValues: laboratoryValues(laboratory) });
  return (
    <Form<LaboratoryValues, Laboratory> form={form} onSubmit={onSubmit}>
      <FormAlert />
      <LaboratoryFields />
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}

function LaboratoryFields() {
  const { register, setValue, clearErrors, setFocus, trigger, getValues } = useFormContext<LaboratoryValues>();
  const cepInput = useRef<HTMLInputElement | null>(null);
  // Address fields the person typed into since the last CEP lookup began: a late answer never overwrites them.
  const editedSinceLookup = useRef(new Set<AddressField>());
  const lastLookedUp = useRef(onlyDigits(getValues('cep')));

  const [found, setFound] = useState<CepAddress | null>(null);
  const cep = useAddressByCep(setFound);

  // Filled in the commit that shows "Endereço preenchido pelo CEP" (setValue writes to the inputs at
  // once, so doing it in the callback would show the address before the message).
  useLayoutEffect(() => {
    if (!found) return;
    const values: Record<AddressField, string> = { street: found.street, district: found.neighborhood, city: found.city, state: found.state };
    for (const field of ADDRESS_FIELDS) {
      if (values[field] && !editedSinceLookup.current.has(field)) setValue(field, values[field]);
    }
    clearErrors(ADDRESS_FIELDS);
    if (document.activeElement === cepInput.current) setFocus('number');
  }, [found, setValue, clearErrors, setFocus]);

  const cepField = register('cep', {
    onChange: (event: { target: { value: string } }) => {
      const digits = onlyDigits(event.target.value);
      if (digits.length < 8) {
        lastLookedUp.current = '';
        cep.reset();
      } else if (digits !== lastLookedUp.current) {
        lastLookedUp.current = digits;
        editedSinceLookup.current.clear();
        cep.lookup(digits);
      }
    },
  });
  const cepError = useFieldError('cep');
  const addressField = (field: AddressField) => ({ onChange: () => editedSinceLookup.current.add(field) });

  return (
    <>
      <fieldset className="clube-form__fieldset">
        <legend className="clube-form__legend">Laboratório</legend>
        <div className="clube-form__grid">
          <TextField className="clube-form__full" label="Nome do laboratório" name="name" autoComplete="organization" maxLength={MAX_LENGTH.name} />
          <CnpjField name="cnpj" registerOptions={{ onBlur: (event: { target: { value: string } }) => normalizeCnpj(event.target.value).length === 14 && trigger('cnpj') }} />
          <PhoneField name="phone" />
        </div>
      </fieldset>
      <fieldset className="clube-form__fieldset">
        <legend className="clube-form__legend">Endereço</legend>
        <div className="clube-form__grid">
          <MaskedInput
            {...cepField}
            ref={(element) => {
              cepField.ref(element);
              cepInput.current = element;
            }}
            mask={CEP_MASK}
            label="CEP"
            autoComplete="postal-code"
            inputMode="numeric"
            placeholder="00000-000"
            hint="Preenchemos o endereço a partir do CEP."
            error={cepError}
          />
          <div aria-hidden="true" />
          <CepLookupMessage status={cep.status} />
          <TextField className="clube-form__full" label="Rua" name="street" autoComplete="address-line1" maxLength={MAX_LENGTH.street} registerOptions={addressField('street')} />
          <TextField label="Número" name="number" maxLength={MAX_LENGTH.number} />
          <TextField label="Complemento" name="complement" autoComplete="address-line2" hint="Opcional." maxLength={MAX_LENGTH.complement} />
          <TextField label="Bairro" name="district" maxLength={MAX_LENGTH.district} registerOptions={addressField('district')} />
          <TextField label="Cidade" name="city" autoComplete="address-level2" maxLength={MAX_LENGTH.city} registerOptions={addressField('city')} />
          <SelectField label="Estado" name="state" autoComplete="address-level1" placeholder="Selecione" options={STATE_OPTIONS} registerOptions={addressField('state')} />
        </div>
      </fieldset>
    </>
  );
}
