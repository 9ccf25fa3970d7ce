import { catalogueItemRoutes } from './catalogue-item-routes';
import { CONTENT_KIND } from './catalogue-item-kinds';

/** Contents: the shared catalogue-item routes (services/catalogue-item-routes.ts) for CONTENT_KIND. */
export default catalogueItemRoutes(CONTENT_KIND);
