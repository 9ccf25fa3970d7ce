import { createQueryClient, DEFAULT_LIMIT, DEFAULT_PAGE } from '../query';

describe('query defaults', () => {
  it('When the query client is created, then queries do not retry, do not refetch on focus and refetch on mount', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, refetchOnMount: true });
    expect([DEFAULT_PAGE, DEFAULT_LIMIT]).toEqual([1, 10]);
  });

  it('When a query fails, then it is tried exactly once', async () => {
    const client = createQueryClient();
    const fetcher = jest.fn().mockRejectedValue(new Error('falhou'));
    await expect(client.fetchQuery({ queryKey: ['x'], queryFn: fetcher })).rejects.toThrow('falhou');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
