import SerializerSelector, { type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own response serializers (@fastify/fast-json-stringify-compiler, as Fastify builds
 * them), each schema compiled once per app instead of once per route and status code. Fastify
 * asks for one serializer per declared answer: 2,119 for the API's ~300 routes, of only 104
 * distinct schemas (every error answer of every route is `ErrorSchema`). A serializer depends on
 * the schema and the app's options alone, never on the route: the same schema object gets the
 * same function. Measured on 27 Nov 2026, three apps in one process: `app.ready()` 583–597 ms, of
 * which 537–549 ms compiling, before; 141–203 ms (143 compilations) after. Every test that builds an
 * app paid it: the API's jest suite went from 384 to 308 s on this machine.
 */
export const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  const compiled = new WeakMap<object, Serializer>();
  return (route) => {
    const { schema } = route;
    if (typeof schema !== 'object' || schema === null) return compile(route);
    let serializer = compiled.get(schema);
    if (serializer === undefined) {
      serializer = compile(route);
      compiled.set(schema, serializer);
    }
    return serializer;
  };
};
