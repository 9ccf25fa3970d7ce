// The contract between the shell and the remotes. It is one Module Federation singleton: the shell
// creates its state (auth, toasts, API client, analytics); remotes import from here and nothing else.
import './ui/tokens.css';

export * from './auth';
export * from './config';
export * from './guard';
export * from './analytics';
export * from './api-client';
export { createTypedApi, buildApiUrl, type TypedApi, type ApiPaths, type ApiPath, type ApiOperation, type ApiResponse, type ApiBody, type ApiQuery, type ApiRequestInit } from './api/typed-api';
export * from './query';
export { usePaginatedQuery, readListParams, MAX_LIMIT, type ListParams, type UsePaginatedQueryOptions } from './paginated-query';
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
