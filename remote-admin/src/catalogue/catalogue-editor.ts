import { toast, type CatalogueItem, type CatalogueKind } from '@clube/platform';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { showApiErrorOnField } from '../shared/api-error-field';
import { useLeaveWarning } from '../shared/use-leave-warning';
import { useSaveCatalogueItem, type CatalogueBody } from './api/save-catalogue-item';
import { capitalised, CATALOGUE_KINDS } from './catalogue-kinds';
import { editorPublication, publicationBody, type EditorStatus } from './publication';

/** The editor's values for the fields both kinds have. */
interface CommonValues {
  title: string;
  slug: string;
  categoryId: string;
  access: 'FREE' | 'SUBSCRIBERS' | 'CREDITS';
  creditCost: string;
  status: EditorStatus;
  publishAt: string;
}

/** What the editor starts from for those fields: the item's, or a new item's (free, a draft, 1 credit if made paid). */
export function commonDefaults(item: CatalogueItem<CatalogueKind> | undefined): CommonValues {
  return {
    title: item?.title ?? '',
    slug: item?.slug ?? '',
    categoryId: item?.categoryId ?? '',
    access: item?.access ?? 'FREE',
    creditCost: item && item.access === 'CREDITS' ? String(item.creditCost) : '1',
    ...editorPublication(item),
  };
}

/** What both kinds send for those fields: a cost only for CREDITS, the publication as the editor chose it. */
export function commonBody(values: CommonValues, item: CatalogueItem<CatalogueKind> | undefined) {
  return {
    title: values.title,
    slug: values.slug,
    categoryId: values.categoryId,
    access: values.access,
    creditCost: values.access === 'CREDITS' ? Number(values.creditCost) : 0,
    ...publicationBody(values.status, values.publishAt, item),
  };
}

/** The API answers with absolute image links: an untouched image is not sent back (undefined), a removed one is null. */
export function changedImage(value: string, item: object | undefined, current: string | null | undefined): string | null | undefined {
  return !item || value !== (current ?? '') ? value || null : undefined;
}

interface Refusals<T extends FieldValues> {
  /** The form's fields the API's messages may name. */
  fields: readonly Path<T>[];
  /** The API's codes that name a field (SLUG_TAKEN → slug). */
  codes: Partial<Record<string, Path<T>>>;
  /** The API's names for fields the form calls otherwise. */
  aliases?: Partial<Record<string, Path<T>>>;
}

/**
 * Saving from a content's or a video's editor: a refusal the API ties to a field shows beside it,
 * any other stays in the form's alert (every typed value stays); a save says so, leaves the form
 * clean and goes back to the list. Leaving with unsaved changes asks first (`leaveDialog`).
 */
export function useCatalogueSave<K extends CatalogueKind, T extends FieldValues & { title: string }>(kind: K, item: CatalogueItem<K> | undefined, form: UseFormReturn<T, unknown, FieldValues>, refusals: Refusals<T>) {
  const save = useSaveCatalogueItem(kind);
  const leave = useLeaveWarning(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const { one, basePath } = CATALOGUE_KINDS[kind];

  /** `saved`: the values the form keeps as its clean state (as the API will answer them). */
  async function submit(body: CatalogueBody<K>, saved: T) {
    try {
      await save.mutateAsync({ id: item?._id, body });
    } catch (error) {
      if (showApiErrorOnField(form, error, refusals.fields, refusals.codes, refusals.aliases)) return;
      throw error; // FormAlert shows it
    }
    toast({ variant: 'success', title: `${capitalised(one)} ${item ? 'salvo' : 'criado'}`, description: saved.title });
    form.reset(saved);
    leave.navigateAway(basePath);
  }

  return { submit, leaveDialog: leave.dialog };
}
