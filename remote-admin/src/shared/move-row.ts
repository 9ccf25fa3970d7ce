import { toast } from '@clube/platform';

/**
 * "↑ Subir" / "↓ Descer" of an ordered list (banners, categories): takes the row at `from` to `to`,
 * sends the ids in their new order with the list's reorder mutation, then a toast says it was saved
 * (`savedTitle`) or why not.
 */
export function rowMover(rows: readonly { _id: string }[], reorder: { mutateAsync: (ids: string[]) => Promise<unknown> }, savedTitle: string) {
  return async function move(from: number, to: number) {
    const ids = rows.map((row) => row._id);
    const [moved] = ids.splice(from, 1);
    if (!moved) return;
    ids.splice(to, 0, moved);
    try {
      await reorder.mutateAsync(ids);
      toast({ variant: 'success', title: savedTitle });
    } catch (error) {
      toast({ variant: 'danger', title: 'Não foi possível reordenar', description: error instanceof Error ? error.message : undefined });
    }
  };
}
