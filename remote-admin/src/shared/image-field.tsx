import { FieldErrorMessage } from '@clube/kit/forms/fields';
import { FileUpload, uploadWithAxios } from '@clube/kit/ui/file-upload';
import { Button, useApiClient } from '@clube/platform';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';

export interface ImageFieldProps {
  name: string;
  label: string;
  /** The image the item has now (the API's absolute link), shown until another is sent. */
  initialPreview: string | null;
  previewAlt: string;
  previewClassName?: string;
  /** The item cannot go without one (a banner): no "Remover imagem", and the form's message when missing. */
  required?: boolean;
}

/**
 * An image field (cover, thumbnail, banner): upload with progress, preview, remove. The form keeps
 * the API's reference (`uploads/…`), not the preview's link.
 */
export function ImageField({ name, label, initialPreview, previewAlt, previewClassName = 'admin-cover', required = false }: ImageFieldProps) {
  const client = useApiClient();
  const { setValue, register } = useFormContext<Record<string, string>>();
  const [preview, setPreview] = useState(initialPreview ?? '');
  return (
    <div className="admin-form__block">
      <FileUpload
        label={label}
        accept={['image/jpeg', 'image/png', 'image/webp']}
        acceptLabel="JPG, PNG ou WEBP"
        maxBytes={5 * 1024 * 1024}
        upload={uploadWithAxios(client, '/uploads')}
        onUploaded={(_file, result) => {
          const uploaded = result as { reference: string; url: string };
          setValue(name, uploaded.reference, { shouldDirty: true, shouldValidate: required });
          setPreview(uploaded.url);
        }}
      />
      <input type="hidden" {...register(name)} />
      {required && <FieldErrorMessage name={name} />}
      {preview && <img src={preview} alt={previewAlt} className={previewClassName} />}
      {preview && !required && (
        <Button
          variant="secondary"
          onClick={() => {
            setValue(name, '', { shouldDirty: true });
            setPreview('');
          }}
        >
          Remover imagem
        </Button>
      )}
    </div>
  );
}
