import type { BetTypeDefinition } from '@karera/shared';
import type { TourId } from '../tours.ts';
import { BetMock } from './BetMock.tsx';
import { ChangePasswordMock } from './ChangePasswordMock.tsx';
import { DepositMock, WithdrawMock } from './PaymentMocks.tsx';
import { PromoMock, RebateMock } from './PromoMocks.tsx';

/** The mock screen of a tour, as it looks at one of its steps. */
export function TourMock({ tour, stepId, betType }: { tour: TourId; stepId: string; betType: BetTypeDefinition }) {
  switch (tour) {
    case 'changepassword':
      return <ChangePasswordMock stepId={stepId} />;
    case 'bet':
      return <BetMock type={betType} stepId={stepId} />;
    case 'deposit':
      return <DepositMock stepId={stepId} />;
    case 'withdraw':
      return <WithdrawMock stepId={stepId} />;
    case 'promo':
      return <PromoMock stepId={stepId} />;
    case 'rebate':
      return <RebateMock stepId={stepId} />;
  }
}
