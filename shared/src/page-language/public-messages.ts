import { z } from 'zod';
import { catalogLanguageOf, PAGE_LANGUAGES, type PageLanguage } from './languages';

/**
 * Every string a visitor of a bio page reads that the creator did not write (D-602): the sign-up
 * form's labels, answers and refusals, the embed facades, the footer. ICU-style messages with
 * `{name}` arguments only (no plural or select is needed yet). One module so the editor's later
 * i18n can take it over whole; the catalog is checked at load: every language has every key and
 * the same arguments as English.
 */
const EN = {
  footer: 'Made with LinkHub',
  social_label: 'Social links',
  embed_play: 'Play on {provider}',
  embed_listen: 'Listen on {provider}',
  embed_video_title: '{provider} video',
  embed_player_title: '{provider} player',
  embed_open_host: 'Open {host}',
  embed_open_link: 'Open link',
  capture_email_label: 'Email address',
  capture_honeypot_label: 'Leave this empty',
  capture_network_error: 'Nothing was sent. Please try again in a minute.',
  subscribe_pending: 'Check your inbox to confirm your sign-up.',
  subscribe_subscribed: 'You are subscribed. Thank you!',
  subscribe_changed: 'This page was just updated. Please read the sign-up text again and resend.',
  subscribe_busy: 'Sign-ups are busy just now. Nothing was saved; please try again in a minute.',
  refusal_email_title: 'Check your email address',
  refusal_email_message: 'That does not look like an email address. Nothing was saved.',
  refusal_consent_title: 'Agree to sign up',
  refusal_consent_message: 'Tick the box to agree to the sign-up text. Nothing was saved.',
  refusal_closed_title: 'Sign-ups are not open yet',
  refusal_closed_message: 'This page cannot take sign-ups yet. Nothing was saved.',
  refusal_throttled_title: 'Too many sign-ups',
  refusal_throttled_message:
    'Too many sign-ups from your network just now. Nothing was saved; please try again later.',
  refusal_busy_title: 'Please try again in a minute',
  refusal_too_large_title: 'Sign-up not sent',
  refusal_too_large_message: 'That form was too large.',
  back_to_page: 'Back to the page',
} as const;

export type PublicMessageKey = keyof typeof EN;
type Catalog = Record<PublicMessageKey, string>;

const DE: Catalog = {
  footer: 'Erstellt mit LinkHub',
  social_label: 'Soziale Netzwerke',
  embed_play: 'Auf {provider} abspielen',
  embed_listen: 'Auf {provider} anhören',
  embed_video_title: '{provider}-Video',
  embed_player_title: '{provider}-Player',
  embed_open_host: '{host} öffnen',
  embed_open_link: 'Link öffnen',
  capture_email_label: 'E-Mail-Adresse',
  capture_honeypot_label: 'Dieses Feld leer lassen',
  capture_network_error: 'Nichts wurde gesendet. Bitte versuche es in einer Minute erneut.',
  subscribe_pending: 'Sieh in deinem Postfach nach und bestätige deine Anmeldung.',
  subscribe_subscribed: 'Du bist angemeldet. Danke!',
  subscribe_changed:
    'Diese Seite wurde gerade geändert. Bitte lies den Anmeldetext noch einmal und sende erneut.',
  subscribe_busy:
    'Die Anmeldung ist gerade ausgelastet. Nichts wurde gespeichert; bitte versuche es in einer Minute erneut.',
  refusal_email_title: 'Prüfe deine E-Mail-Adresse',
  refusal_email_message: 'Das sieht nicht nach einer E-Mail-Adresse aus. Nichts wurde gespeichert.',
  refusal_consent_title: 'Der Anmeldung zustimmen',
  refusal_consent_message: 'Setze das Häkchen, um dem Anmeldetext zuzustimmen. Nichts wurde gespeichert.',
  refusal_closed_title: 'Anmeldungen sind noch nicht geöffnet',
  refusal_closed_message: 'Diese Seite nimmt noch keine Anmeldungen an. Nichts wurde gespeichert.',
  refusal_throttled_title: 'Zu viele Anmeldungen',
  refusal_throttled_message:
    'Gerade kommen zu viele Anmeldungen aus deinem Netzwerk. Nichts wurde gespeichert; bitte versuche es später erneut.',
  refusal_busy_title: 'Bitte versuche es in einer Minute erneut',
  refusal_too_large_title: 'Anmeldung nicht gesendet',
  refusal_too_large_message: 'Das Formular war zu groß.',
  back_to_page: 'Zurück zur Seite',
};

const FR: Catalog = {
  footer: 'Créé avec LinkHub',
  social_label: 'Réseaux sociaux',
  embed_play: 'Lire sur {provider}',
  embed_listen: 'Écouter sur {provider}',
  embed_video_title: 'Vidéo {provider}',
  embed_player_title: 'Lecteur {provider}',
  embed_open_host: 'Ouvrir {host}',
  embed_open_link: 'Ouvrir le lien',
  capture_email_label: 'Adresse e-mail',
  capture_honeypot_label: 'Laissez ce champ vide',
  capture_network_error: 'Rien n’a été envoyé. Veuillez réessayer dans une minute.',
  subscribe_pending: 'Consultez votre boîte de réception pour confirmer votre inscription.',
  subscribe_subscribed: 'Vous êtes inscrit. Merci !',
  subscribe_changed: 'Cette page vient d’être modifiée. Veuillez relire le texte d’inscription et renvoyer.',
  subscribe_busy:
    'Les inscriptions sont surchargées. Rien n’a été enregistré ; veuillez réessayer dans une minute.',
  refusal_email_title: 'Vérifiez votre adresse e-mail',
  refusal_email_message: 'Cela ne ressemble pas à une adresse e-mail. Rien n’a été enregistré.',
  refusal_consent_title: 'Acceptez l’inscription',
  refusal_consent_message: 'Cochez la case pour accepter le texte d’inscription. Rien n’a été enregistré.',
  refusal_closed_title: 'Les inscriptions ne sont pas encore ouvertes',
  refusal_closed_message: 'Cette page ne prend pas encore d’inscriptions. Rien n’a été enregistré.',
  refusal_throttled_title: 'Trop d’inscriptions',
  refusal_throttled_message:
    'Trop d’inscriptions depuis votre réseau en ce moment. Rien n’a été enregistré ; veuillez réessayer plus tard.',
  refusal_busy_title: 'Veuillez réessayer dans une minute',
  refusal_too_large_title: 'Inscription non envoyée',
  refusal_too_large_message: 'Ce formulaire était trop volumineux.',
  back_to_page: 'Retour à la page',
};

const ES: Catalog = {
  footer: 'Hecho con LinkHub',
  social_label: 'Redes sociales',
  embed_play: 'Reproducir en {provider}',
  embed_listen: 'Escuchar en {provider}',
  embed_video_title: 'Vídeo de {provider}',
  embed_player_title: 'Reproductor de {provider}',
  embed_open_host: 'Abrir {host}',
  embed_open_link: 'Abrir enlace',
  capture_email_label: 'Correo electrónico',
  capture_honeypot_label: 'Deja este campo vacío',
  capture_network_error: 'No se envió nada. Inténtalo de nuevo en un minuto.',
  subscribe_pending: 'Revisa tu bandeja de entrada para confirmar tu suscripción.',
  subscribe_subscribed: 'Te has suscrito. ¡Gracias!',
  subscribe_changed:
    'Esta página se acaba de actualizar. Vuelve a leer el texto de suscripción y envíalo de nuevo.',
  subscribe_busy: 'Las suscripciones están saturadas. No se guardó nada; inténtalo de nuevo en un minuto.',
  refusal_email_title: 'Revisa tu correo electrónico',
  refusal_email_message: 'Eso no parece una dirección de correo. No se guardó nada.',
  refusal_consent_title: 'Acepta la suscripción',
  refusal_consent_message: 'Marca la casilla para aceptar el texto de suscripción. No se guardó nada.',
  refusal_closed_title: 'Las suscripciones aún no están abiertas',
  refusal_closed_message: 'Esta página aún no acepta suscripciones. No se guardó nada.',
  refusal_throttled_title: 'Demasiadas suscripciones',
  refusal_throttled_message:
    'Demasiadas suscripciones desde tu red ahora mismo. No se guardó nada; inténtalo más tarde.',
  refusal_busy_title: 'Inténtalo de nuevo en un minuto',
  refusal_too_large_title: 'Suscripción no enviada',
  refusal_too_large_message: 'El formulario era demasiado grande.',
  back_to_page: 'Volver a la página',
};

const IT: Catalog = {
  footer: 'Creato con LinkHub',
  social_label: 'Social network',
  embed_play: 'Riproduci su {provider}',
  embed_listen: 'Ascolta su {provider}',
  embed_video_title: 'Video {provider}',
  embed_player_title: 'Player {provider}',
  embed_open_host: 'Apri {host}',
  embed_open_link: 'Apri il link',
  capture_email_label: 'Indirizzo email',
  capture_honeypot_label: 'Lascia vuoto questo campo',
  capture_network_error: 'Non è stato inviato nulla. Riprova tra un minuto.',
  subscribe_pending: 'Controlla la tua casella di posta per confermare l’iscrizione.',
  subscribe_subscribed: 'Ti sei iscritto. Grazie!',
  subscribe_changed:
    'Questa pagina è stata appena aggiornata. Rileggi il testo di iscrizione e invia di nuovo.',
  subscribe_busy: 'Le iscrizioni sono sovraccariche. Non è stato salvato nulla; riprova tra un minuto.',
  refusal_email_title: 'Controlla il tuo indirizzo email',
  refusal_email_message: 'Non sembra un indirizzo email. Non è stato salvato nulla.',
  refusal_consent_title: 'Accetta l’iscrizione',
  refusal_consent_message:
    'Spunta la casella per accettare il testo di iscrizione. Non è stato salvato nulla.',
  refusal_closed_title: 'Le iscrizioni non sono ancora aperte',
  refusal_closed_message: 'Questa pagina non accetta ancora iscrizioni. Non è stato salvato nulla.',
  refusal_throttled_title: 'Troppe iscrizioni',
  refusal_throttled_message:
    'Troppe iscrizioni dalla tua rete in questo momento. Non è stato salvato nulla; riprova più tardi.',
  refusal_busy_title: 'Riprova tra un minuto',
  refusal_too_large_title: 'Iscrizione non inviata',
  refusal_too_large_message: 'Il modulo era troppo grande.',
  back_to_page: 'Torna alla pagina',
};

const PT: Catalog = {
  footer: 'Feito com LinkHub',
  social_label: 'Redes sociais',
  embed_play: 'Reproduzir no {provider}',
  embed_listen: 'Ouvir no {provider}',
  embed_video_title: 'Vídeo do {provider}',
  embed_player_title: 'Player do {provider}',
  embed_open_host: 'Abrir {host}',
  embed_open_link: 'Abrir link',
  capture_email_label: 'Endereço de e-mail',
  capture_honeypot_label: 'Deixe este campo vazio',
  capture_network_error: 'Nada foi enviado. Tente novamente em um minuto.',
  subscribe_pending: 'Verifique sua caixa de entrada para confirmar a inscrição.',
  subscribe_subscribed: 'Você está inscrito. Obrigado!',
  subscribe_changed: 'Esta página acabou de ser atualizada. Leia o texto de inscrição novamente e reenvie.',
  subscribe_busy: 'As inscrições estão sobrecarregadas. Nada foi salvo; tente novamente em um minuto.',
  refusal_email_title: 'Verifique seu endereço de e-mail',
  refusal_email_message: 'Isso não parece um endereço de e-mail. Nada foi salvo.',
  refusal_consent_title: 'Aceite a inscrição',
  refusal_consent_message: 'Marque a caixa para aceitar o texto de inscrição. Nada foi salvo.',
  refusal_closed_title: 'As inscrições ainda não estão abertas',
  refusal_closed_message: 'Esta página ainda não aceita inscrições. Nada foi salvo.',
  refusal_throttled_title: 'Inscrições demais',
  refusal_throttled_message:
    'Inscrições demais da sua rede agora. Nada foi salvo; tente novamente mais tarde.',
  refusal_busy_title: 'Tente novamente em um minuto',
  refusal_too_large_title: 'Inscrição não enviada',
  refusal_too_large_message: 'O formulário era grande demais.',
  back_to_page: 'Voltar à página',
};

const JA: Catalog = {
  footer: 'LinkHub で作成',
  social_label: 'ソーシャルリンク',
  embed_play: '{provider} で再生',
  embed_listen: '{provider} で聴く',
  embed_video_title: '{provider} の動画',
  embed_player_title: '{provider} プレーヤー',
  embed_open_host: '{host} を開く',
  embed_open_link: 'リンクを開く',
  capture_email_label: 'メールアドレス',
  capture_honeypot_label: 'この欄は空のままにしてください',
  capture_network_error: '送信されませんでした。1 分後にもう一度お試しください。',
  subscribe_pending: '受信トレイを確認して登録を完了してください。',
  subscribe_subscribed: '登録しました。ありがとうございます！',
  subscribe_changed: 'このページは更新されました。登録内容をもう一度読んでから送信してください。',
  subscribe_busy: '現在、登録が混み合っています。何も保存されていません。1 分後にもう一度お試しください。',
  refusal_email_title: 'メールアドレスを確認してください',
  refusal_email_message: 'メールアドレスの形式ではありません。何も保存されていません。',
  refusal_consent_title: '登録に同意してください',
  refusal_consent_message:
    'チェックボックスにチェックを入れて登録内容に同意してください。何も保存されていません。',
  refusal_closed_title: 'まだ登録を受け付けていません',
  refusal_closed_message: 'このページはまだ登録を受け付けていません。何も保存されていません。',
  refusal_throttled_title: '登録が多すぎます',
  refusal_throttled_message:
    'お使いのネットワークからの登録が多すぎます。何も保存されていません。しばらくしてからお試しください。',
  refusal_busy_title: '1 分後にもう一度お試しください',
  refusal_too_large_title: '登録は送信されませんでした',
  refusal_too_large_message: 'フォームが大きすぎます。',
  back_to_page: 'ページに戻る',
};

const argumentsOf = (message: string): string[] =>
  [...message.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1] ?? '').sort();

const KEYS = Object.keys(EN) as [PublicMessageKey, ...PublicMessageKey[]];

/** One language's catalog: every key, no other, each message with English's arguments. */
const catalogSchema = z
  .strictObject(
    Object.fromEntries(KEYS.map((key) => [key, z.string().min(1)])) as Record<PublicMessageKey, z.ZodString>,
  )
  .superRefine((catalog, ctx) => {
    for (const key of KEYS) {
      if (argumentsOf(catalog[key]).join() !== argumentsOf(EN[key]).join())
        ctx.addIssue({ code: 'custom', path: [key], message: `arguments differ from English: ${EN[key]}` });
    }
  });

export const publicCatalogsSchema = z.strictObject(
  Object.fromEntries(PAGE_LANGUAGES.map((language) => [language, catalogSchema])) as Record<
    PageLanguage,
    typeof catalogSchema
  >,
);

export const PUBLIC_CATALOGS: Readonly<Record<PageLanguage, Catalog>> = publicCatalogsSchema.parse({
  en: EN,
  de: DE,
  fr: FR,
  es: ES,
  it: IT,
  pt: PT,
  ja: JA,
});

/** The message for a page language (any BCP 47 tag; unknown → English), with its `{arguments}` filled. */
export function publicMessage(
  lang: string | null | undefined,
  key: PublicMessageKey,
  args: Readonly<Record<string, string>> = {},
): string {
  const template = PUBLIC_CATALOGS[catalogLanguageOf(lang)][key];
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) => args[name] ?? whole);
}
