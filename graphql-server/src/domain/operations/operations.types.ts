import type { Urgency } from '@vetconsult/schema/turnaround';

// The operations dashboard's numbers (issue 19), as operations.service.ts returns them.

export interface CasesPerWeekRow {
  /** Monday of the week, YYYY-MM-DD (UTC). */
  weekStart: string;
  specialty: string;
  cases: number;
}

export interface DurationRow {
  /** null: every urgency together. */
  urgency: Urgency | null;
  accepted: number;
  acceptMedianHours: number | null;
  acceptP90Hours: number | null;
  reviewed: number;
  reviewMedianHours: number | null;
  reviewP90Hours: number | null;
}

export interface OnTimeRow {
  onTime: number;
  late: number;
  /** onTime / (onTime + late), null when nothing was due yet. */
  rate: number | null;
}

export interface OnTimeByUrgencyRow extends OnTimeRow {
  /** null: every urgency together. */
  urgency: Urgency | null;
}

export interface OnTimeBySpecialistRow extends OnTimeRow {
  /** null: not accepted by anyone yet ("first available" cases, or a specialist since removed). */
  specialistId: number | null;
  specialistName: string | null;
}

export interface RevenueRow {
  currency: string;
  /** The clinic's province or territory (Canada) or state (US) code; null when its address gave none. */
  province: string | null;
  /** Payments captured in the month. */
  payments: number;
  /** Cents. */
  capturedAmount: number;
  refundedAmount: number;
  netAmount: number;
  taxAmount: number;
}

export interface OperationsReport {
  generatedAt: Date;
  month: string;
  monthStart: Date;
  monthEnd: Date;
  weeks: number;
  weeksFrom: Date;
  overdueNow: number;
  casesPerWeek: CasesPerWeekRow[];
  durations: DurationRow[];
  onTimeByUrgency: OnTimeByUrgencyRow[];
  onTimeBySpecialist: OnTimeBySpecialistRow[];
  revenue: RevenueRow[];
}
