import { notFound } from '../../http/app-error';

/** The 404 of every route that names a user by id (the member pages of other modules included). */
export const userNotFound = () => notFound('Usuário não encontrado.', 'USER_NOT_FOUND');
