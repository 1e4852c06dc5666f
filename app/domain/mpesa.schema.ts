import { z } from "zod";
import { mpesaPhoneNumber } from "./mpesa";
import { storableText } from "./posted-text";

// What Safaricom's Daraja POSTs to the shop (STK callbacks, C2B confirmations and validations) and what it
// answers the shop's own requests (issue 11). Every object keeps to the fields the shop relies on and drops
// the rest, as Daraja adds fields over time; the fields relied on are strict.
//
// mpesa.ts imports this file too (its readers validate with these schemas), so this file uses what it imports
// from mpesa.ts only inside functions run at parse time, never while the module loads.

/** Shown under the 'M-Pesa phone number' field for a number M-Pesa cannot push to. */
export const PAY_NOW_PHONE_MESSAGE = "Please enter an M-Pesa number, e.g. 0712 345 678.";

/** Text as it arrives, made storable (no NUL, no lone surrogate halves) and cut to a sane length. */
const text = (max: number) => z.string().transform((value) => storableText(value).slice(0, max));

/** Daraja's ids (CheckoutRequestID, TransID…): present, one word, of a plausible length. */
const darajaId = z
  .string()
  .trim()
  .regex(/^[\w.-]{1,100}$/);

/** A number Daraja may send as a number or as text ("1200.00", "3599"). */
const darajaNumber = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(?:\.\d+)?$/)
      .transform(Number),
  ])
  .pipe(z.number().finite());

/** A result code, sent as 0 or "0", 1032 or "1032". */
const resultCode = darajaNumber.pipe(z.number().int());

/** A field Daraja sends as text or as a number (a shortcode, a phone), kept as text. */
const darajaText = (max: number) =>
  z.union([z.string(), z.number()]).transform((value) => storableText(String(value)).trim().slice(0, max));

/** An optional text field: missing, null and "" all read as "". */
const optionalText = (max: number) =>
  darajaText(max)
    .nullish()
    .transform((value) => value ?? "");

// ---- What Daraja POSTs to the shop ------------------------------------------------------------------------

const callbackItem = z.object({
  Name: z.string().max(100),
  // Some items come without a Value (Balance, for one).
  Value: z.union([z.string().max(1000), z.number()]).nullish(),
});

/** An STK callback: `Body.stkCallback`, with the metadata of a success as `{Name, Value}` items in any order. */
export const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: darajaId,
      CheckoutRequestID: darajaId,
      ResultCode: resultCode,
      ResultDesc: optionalText(500),
      CallbackMetadata: z.object({ Item: z.array(callbackItem).max(50) }).nullish(),
    }),
  }),
});

/**
 * A paybill (C2B) confirmation: the receipt (TransID), a positive amount and the shortcode are required; the
 * rest may be missing or empty (a till payment has no account number) and reads as "", so no real payment is
 * dropped for a field the shop can do without.
 */
export const c2bConfirmationSchema = z.object({
  TransID: darajaId,
  TransTime: optionalText(20),
  TransAmount: darajaNumber.pipe(z.number().positive()),
  BusinessShortCode: darajaText(20).pipe(z.string().min(1)),
  BillRefNumber: optionalText(100),
  MSISDN: optionalText(50),
  FirstName: optionalText(100),
});

const resultParameter = z.object({
  Key: z.string().max(100),
  // Some parameters come without a Value (TransactionReason, for one).
  Value: z.union([z.string().max(1000), z.number()]).nullish(),
});

/**
 * A Transaction Status result, posted to the ResultURL (decision 044): the ConversationID of the question it
 * answers, and what M-Pesa knows of the receipt as `{Key, Value}` parameters, a list or, for one, a lone object.
 */
export const transactionStatusResultSchema = z.object({
  Result: z.object({
    ResultCode: darajaText(20).pipe(z.string().min(1)),
    ResultDesc: optionalText(500),
    ConversationID: darajaId,
    TransactionID: optionalText(100),
    ResultParameters: z.object({ ResultParameter: z.union([z.array(resultParameter).max(50), resultParameter]) }).nullish(),
  }),
});

// ---- What Daraja answers ----------------------------------------------------------------------------------

/** Any Daraja error: `{requestId, errorCode, errorMessage}`, e.g. "400.002.02" "Bad Request - Invalid PhoneNumber". */
export const darajaErrorSchema = z.object({
  requestId: optionalText(100),
  errorCode: darajaText(50).pipe(z.string().min(1)),
  errorMessage: optionalText(500),
});

/** The token answer; `expires_in` comes as text ("3599") and is read as seconds. */
export const tokenAnswerSchema = z.object({
  access_token: z.string().trim().min(1).max(2000),
  expires_in: darajaNumber.pipe(z.number().int().positive()),
});

/** A push's answer: the ids its callback will carry; ResponseCode "0" means the phone is being asked. */
export const stkPushAnswerSchema = z.object({
  MerchantRequestID: darajaId,
  CheckoutRequestID: darajaId,
  ResponseCode: darajaText(20),
  ResponseDescription: text(500).optional(),
  CustomerMessage: text(500).optional(),
});

/** A status query's answer: the result only, never a receipt. */
export const stkQueryAnswerSchema = z.object({
  ResponseCode: darajaText(20).optional(),
  ResponseDescription: text(500).optional(),
  MerchantRequestID: darajaId.optional(),
  CheckoutRequestID: darajaId.optional(),
  ResultCode: resultCode,
  ResultDesc: optionalText(500),
});

/** A Transaction Status query's answer: only that it was taken, with the ConversationID its result will carry. */
export const transactionStatusAnswerSchema = z.object({
  OriginatorConversationID: optionalText(100),
  ConversationID: darajaId,
  ResponseCode: darajaText(20),
  ResponseDescription: optionalText(500),
});

/** The answer to registering the confirmation and validation URLs (Daraja spells it "Coversation"). */
export const registerUrlAnswerSchema = z.object({
  OriginatorCoversationID: optionalText(100),
  ResponseCode: darajaText(20),
  ResponseDescription: optionalText(500),
});

// ---- The shopper's form -----------------------------------------------------------------------------------

/** The payment page's 'Pay now with M-Pesa' form: the phone to push to, read as Daraja wants it ("2547…"). */
export const payNowSchema = z.object({
  phone: z
    .string({ error: PAY_NOW_PHONE_MESSAGE })
    .max(100, PAY_NOW_PHONE_MESSAGE)
    .transform((phone, context) => {
      const number = mpesaPhoneNumber(phone);
      if (number) return number;
      context.addIssue({ code: "custom", message: PAY_NOW_PHONE_MESSAGE });
      return z.NEVER;
    }),
});
