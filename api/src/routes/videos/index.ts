import { catalogueItemRoutes } from '../../services/catalogue-item-routes';
import { VIDEO_KIND } from '../../services/catalogue-item-kinds';

/** Videos: the shared catalogue-item routes (services/catalogue-item-routes.ts) for VIDEO_KIND. */
export default catalogueItemRoutes(VIDEO_KIND);
