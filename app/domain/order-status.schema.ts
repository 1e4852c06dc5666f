import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "./order-status";

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
