/** @swc/jest options: decorator metadata is required (TypeORM column types, Nest injection). */
module.exports = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
