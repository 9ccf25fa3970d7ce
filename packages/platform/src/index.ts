// The contract between the shell and the remotes. It is one Module Federation singleton: the shell
// creates its state (auth, toasts, API client, analytics); remotes import from here and nothing else.
import './ui/tokens.css';

export * from './auth';
export * from './config';
export * from './guard';
export * from './analytics';
export * from './api-client';
// Types of the API contract (no code): the helpers themselves are in `@clube/platform/data`.
export type { TypedApi, ApiPaths, ApiPath, ApiOperation, ApiResponse, ApiBody, ApiQuery, ApiRequestInit } from './api/typed-api';
export type { CatalogueKind, CatalogueList, CatalogueItem, CatalogueQuery } from './api/catalogue';
export * from './query';
export type { ListParams, UsePaginatedQueryOptions } from './paginated-query';
export * from './dates';
export * from './toast-store';
export { Toaster } from './toaster';
export { PlatformProvider, type PlatformProviderProps } from './platform-provider';
export { Button, type ButtonProps, type ButtonVariant } from './ui/button';
export { Input, type InputProps } from './ui/input';
export { Card, type CardProps } from './ui/card';
export { Spinner } from './ui/spinner';
export { PageLayout, type PageLayoutProps } from './ui/page-layout';
export { ErrorState, EmptyState, NotFoundPage, ForbiddenPage, type ErrorStateProps } from './ui/states';
