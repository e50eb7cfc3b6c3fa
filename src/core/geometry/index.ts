// Board geometry: hex and square grids, point-to-point graphs, exact movement costs. Pure and deterministic.
export * from './errors.js';
export * from './spec.js';
export * from './cube.js';
export * from './offset.js';
export * from './directions.js';
export * from './labels.js';
export * from './layout.js';
export * from './line.js';
export * from './hexside.js';
export * from './hex-board.js';
export * from './space-graph.js';
export * from './square-board.js';
export * from './placement.js';
export * from './movement.js';
