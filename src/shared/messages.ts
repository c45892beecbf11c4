import { authMessages } from './messages/auth';
import { billMessages } from './messages/bill';
import { checkoutMessages } from './messages/checkout';
import { contractMessages } from './messages/contract';
import { documentMessages } from './messages/document';
import { commonMessages } from './messages/common';
import { customerMessages } from './messages/customer';
import { notificationMessages } from './messages/notification';
import { planMessages } from './messages/plan';
import { paymentMessages } from './messages/payment';
import { profileMessages } from './messages/profile';
import { proposalMessages } from './messages/proposal';
import { projectMessages } from './messages/project';
import { visitMessages } from './messages/visit';
import { faqMessages } from './messages/faq';

/**
 * The one pt-BR catalogue, written one file per domain (src/shared/messages/<domain>.ts) and merged
 * here into one typed map. Keys follow the spec's message keys where it names one; texts are the
 * spec's exact strings. Screens, machines and the server all read from here: machines keep keys,
 * screens look the texts up.
 */
export const messages = {
  ...commonMessages,
  ...authMessages,
  ...customerMessages,
  ...profileMessages,
  ...billMessages,
  ...proposalMessages,
  ...visitMessages,
  ...notificationMessages,
  ...planMessages,
  ...checkoutMessages,
  ...documentMessages,
  ...contractMessages,
  ...paymentMessages,
  ...projectMessages,
  ...faqMessages,
} as const;

export type MessageKey = keyof typeof messages;

/** The text of a key; nothing for no key (a field without an error). */
export function t(key: MessageKey): string;
export function t(key: MessageKey | null | undefined): string | undefined;
export function t(key: MessageKey | null | undefined): string | undefined {
  return key ? messages[key] : undefined;
}

/** A catalogue text with its `{name}` placeholders filled; a placeholder without a value stays as it is. */
export function fill(key: MessageKey, values: Readonly<Record<string, string | number>>): string {
  return messages[key].replace(/\{(\w+)\}/g, (placeholder, name: string) => (values[name] === undefined ? placeholder : String(values[name])));
}

let byText: Map<string, MessageKey> | null = null;

/**
 * The key of a catalogue text, or null when the catalogue does not know it. The shared schemas
 * carry catalogue texts as their issue messages (the server sends them as they are); this turns
 * them back into keys. Two keys with the same text read the same, so the first one is taken.
 */
export function messageKeyOfText(text: string): MessageKey | null {
  if (!byText) {
    byText = new Map();
    for (const [key, value] of Object.entries(messages) as [MessageKey, string][]) if (!byText.has(value)) byText.set(value, key);
  }
  return byText.get(text) ?? null;
}
