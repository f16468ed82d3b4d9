/** The module's public face: what the rest of the server may use. */
export { BOLD, REGULAR, pesoText, statementFonts } from './statement-files.ts';
export { statementRoutes } from './statement.routes.ts';
