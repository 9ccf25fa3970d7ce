import { Button, Input, Spinner, toast, useAuth } from '@clube/platform';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { AuthScreen } from '../shared/auth-screen';
import { FormAlert } from '../shared/form-alert';
import { useFocusFirstInvalid } from '../shared/use-focus-first-invalid';
import { isValid, messageOf, type FieldErrors } from '../shared/validation';
import { useAddressByCep, type CepAddress, type CepLookupStatus } from './api/get-address-by-cep';
import { useCompleteOnboarding } from './api/complete-onboarding';
import { cnpjError, initialValues, MAX_LENGTH, toLaboratory, validateLaboratory, type LaboratoryField, type LaboratoryValues } from './laboratory-form';
import { maskCep, maskCnpj, maskPhone, onlyDigits } from './masks';
import { StateSelect } from './state-select';

type AddressField = 'street' | 'district' | 'city' | 'state';

const LOOKUP_MESSAGES: Partial<Record<CepLookupStatus, string>> = {
  slow: 'A busca de CEP está demorando. Você pode preencher manualmente.',
  'not-found': 'Não encontramos esse CEP. Preencha o endereço manualmente.',
  failed: 'Não foi possível buscar esse CEP agora. Preencha o endereço manualmente.',
  found: 'Endereço preenchido pelo CEP. Confira e informe o número.',
};

function CepLookupMessage({ status }: { status: CepLookupStatus }) {
  if (status === 'loading') {
    return (
      <div className="auth-form__lookup" data-testid="cep-lookup">
        <Spinner label="Buscando endereço…" />
      </div>
    );
  }
  const message = LOOKUP_MESSAGES[status];
  if (!message) return null;
  return (
    <p className={`auth-form__lookup${status === 'found' ? '' : ' auth-form__notice'}`} role="status" data-testid="cep-lookup">
      {message}
    </p>
  );
}

/** `/onboarding`: the laboratory's data, the address filled from the CEP when BrasilAPI knows it. */
export function OnboardingPage() {
  const { profile } = useAuth();
  const [values, setValues] = useState<LaboratoryValues>(() => initialValues(profile?.laboratory));
  const [errors, setErrors] = useState<FieldErrors<LaboratoryField>>({});
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const numberRef = useRef<HTMLInputElement>(null);
  const cepRef = useRef<HTMLInputElement>(null);
  // Address fields the person typed into since the last CEP lookup began: a late answer never overwrites them.
  const editedSinceLookup = useRef(new Set<AddressField>());
  const lastLookedUp = useRef(onlyDigits(values.cep, 8));
  const save = useCompleteOnboarding();

  const cep = useAddressByCep((address: CepAddress) => {
    const fill = (field: AddressField, value: string) => (value && !editedSinceLookup.current.has(field) ? { [field]: value } : {});
    setValues((v) => ({ ...v, ...fill('street', address.street), ...fill('district', address.neighborhood), ...fill('city', address.city), ...fill('state', address.state) }));
    setErrors((e) => ({ ...e, street: undefined, district: undefined, city: undefined, state: undefined }));
    if (document.activeElement === cepRef.current) numberRef.current?.focus();
  });

  function set(field: LaboratoryField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  const change = (field: LaboratoryField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    if (field === 'street' || field === 'district' || field === 'city' || field === 'state') editedSinceLookup.current.add(field);
    set(field, event.target.value);
  };

  function changeCep(event: ChangeEvent<HTMLInputElement>) {
    const masked = maskCep(event.target.value);
    const digits = onlyDigits(masked, 8);
    set('cep', masked);
    if (digits.length < 8) {
      lastLookedUp.current = '';
      cep.reset();
    } else if (digits !== lastLookedUp.current) {
      lastLookedUp.current = digits;
      editedSinceLookup.current.clear();
      cep.lookup(digits);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = validateLaboratory(values);
    setErrors(next);
    save.reset();
    if (!isValid(next)) return focusFirstInvalid();
    try {
      await save.mutateAsync(toLaboratory(values));
      toast({ variant: 'success', title: 'Tudo pronto!', description: 'Os dados do laboratório foram salvos.', duration: 5000 });
    } catch {
      // The message is shown from save.error below; every typed value stays in the form.
    }
  }

  return (
    <AuthScreen title="Dados do laboratório" description="Conte-nos sobre o seu laboratório para começar." width="wide">
      <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit}>
        <FormAlert message={save.error ? messageOf(save.error) : null} />
        <fieldset className="auth-form__fieldset">
          <legend className="auth-form__legend">Laboratório</legend>
          <div className="auth-form__grid">
            <Input
              className="auth-form__full"
              label="Nome do laboratório"
              name="organization"
              autoComplete="organization"
              maxLength={MAX_LENGTH.name}
              value={values.name}
              error={errors.name}
              onChange={change('name')}
            />
            <Input
              label="CNPJ"
              name="cnpj"
              inputMode="numeric"
              placeholder="00.000.000/0000-00"
              value={values.cnpj}
              error={errors.cnpj}
              onChange={(e) => set('cnpj', maskCnpj(e.target.value))}
              onBlur={() => onlyDigits(values.cnpj, 14).length === 14 && setErrors((e) => ({ ...e, cnpj: cnpjError(values.cnpj) }))}
            />
            <Input
              label="Telefone"
              name="tel"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              placeholder="(11) 3456-7890"
              value={values.phone}
              error={errors.phone}
              onChange={(e) => set('phone', maskPhone(e.target.value))}
            />
          </div>
        </fieldset>
        <fieldset className="auth-form__fieldset">
          <legend className="auth-form__legend">Endereço</legend>
          <div className="auth-form__grid">
            <Input
              ref={cepRef}
              label="CEP"
              name="postal-code"
              autoComplete="postal-code"
              inputMode="numeric"
              placeholder="00000-000"
              hint="Preenchemos o endereço a partir do CEP."
              value={values.cep}
              error={errors.cep}
              onChange={changeCep}
            />
            <div aria-hidden="true" />
            <CepLookupMessage status={cep.status} />
            <Input className="auth-form__full" label="Rua" name="address-line1" autoComplete="address-line1" maxLength={MAX_LENGTH.street} value={values.street} error={errors.street} onChange={change('street')} />
            <Input ref={numberRef} label="Número" name="address-number" maxLength={MAX_LENGTH.number} value={values.number} error={errors.number} onChange={change('number')} />
            <Input label="Complemento" name="address-line2" autoComplete="address-line2" hint="Opcional." maxLength={MAX_LENGTH.complement} value={values.complement} onChange={change('complement')} />
            <Input label="Bairro" name="address-level3" maxLength={MAX_LENGTH.district} value={values.district} error={errors.district} onChange={change('district')} />
            <Input label="Cidade" name="address-level2" autoComplete="address-level2" maxLength={MAX_LENGTH.city} value={values.city} error={errors.city} onChange={change('city')} />
            <StateSelect name="address-level1" autoComplete="address-level1" value={values.state} error={errors.state} onChange={change('state')} />
          </div>
        </fieldset>
        <Button type="submit" className="auth-form__submit" loading={save.isPending}>
          Salvar e continuar
        </Button>
      </form>
    </AuthScreen>
  );
}
