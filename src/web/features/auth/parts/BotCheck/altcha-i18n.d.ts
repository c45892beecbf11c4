// altcha's package maps 'altcha/i18n/*' types to files it does not ship; the module only registers strings.
declare module 'altcha/i18n/pt-br';
