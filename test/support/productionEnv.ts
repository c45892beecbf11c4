/**
 * A complete production environment for a server started by a test or a bench: real providers'
 * settings pointed at nothing (no test here sends through them), an https origin and a company.
 * Tests take one setting away or spoil one to see the start refused.
 */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  APP_ENV: 'production',
  APP_SECRET: 'p'.repeat(48),
  PUBLIC_ORIGIN: 'https://portal.empresa.com.br',
  SMS_PROVIDER: 'zenvia', ZENVIA_API_TOKEN: 'token', ZENVIA_FROM: 'empresa',
  EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://user:pass@127.0.0.1:9', EMAIL_FROM: 'Sol de Casa <nao-responda@empresa.com.br>',
  PAYMENT_PROVIDER: 'iugu', IUGU_API_TOKEN: 'live-token', IUGU_BASE_URL: 'http://127.0.0.1:9',
  COMPANY_LEGAL_NAME: 'Empresa de Energia Ltda.', COMPANY_CNPJ: '11.444.777/0001-61', COMPANY_ADDRESS: 'Av. Paulista, 1000, São Paulo - SP',
  COMPANY_PIX_KEY: 'financeiro@empresa.com.br', COMPANY_WHATSAPP: '5511987654321', COMPANY_SUPPORT_EMAIL: 'suporte@empresa.com.br',
};
