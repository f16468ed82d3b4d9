import { BET_WORDS, type BetTypeCode } from '@karera/shared';
import type { BetRulesLanguage } from './language.ts';

/**
 * The text of the bet rules in each language the page offers (docs/product/screens.md#bet-rules,
 * docs/product/betting.md#bet-types). Kept here rather than in i18n/en.ts: the page shows both languages by
 * design, whatever the UI language. Numbers that the pool table shows (minimum bets, winning limits) come
 * from BET_TYPES there and are not repeated here.
 */
export interface BetTypeRules {
  /** One sentence: what the bet is on. */
  summary: string;
  /** How the bet wins, and anything special about the type. */
  howItWins: string;
  /** A short worked example. */
  example: string;
}

export interface BetRulesText {
  generalHeading: string;
  general: readonly string[];
  betTypesHeading: string;
  betTypesIntro: string;
  exampleLabel: string;
  betTypes: { readonly [Code in BetTypeCode]: BetTypeRules };
  /** When nobody wins a pool: the jackpot pools' consolation and carryover, the others' refund. */
  noWinnerHeading: string;
  noWinner: readonly string[];
}

const fil: BetRulesText = {
  generalHeading: 'Mga pangkalahatang patakaran',
  general: [
    'Pinal ang lahat ng taya. Kapag natanggap na ang taya mo, hindi na ito mababawi o mapapalitan, kaya suriing mabuti ang karera, uri ng taya, mga kabayo at halaga bago pindutin ang Submit Bet.',
    'Kapag kinansela ang isang karera, walang bisa ang lahat ng taya rito at ibabalik nang buo ang halaga ng mga ito.',
    'Sa mga tayang iisang karera lang ang sakop (Win, Forcast, Trifecta, Quartet at Pentafecta), kapag na-scratch ang isang kabayo, ire-refund ang mga kombinasyong may kabayong iyon. Tuloy pa rin ang iba mong kombinasyon.',
    'Sa mga tayang sumasaklaw sa ilang karera (Double, DD+1, XD, Pick4, Pick5, Pick6 at WTA), kapag na-scratch ang kabayong pinili mo, ang paborito sa karerang iyon ang papalit dito: ang kabayong may pinakamababang odds pagsara ng taya.',
    'Ang ibabayad sa panalong taya ay units × dibidendo para sa ₱1.00. Bawat ₱1.00 ng taya mo sa nanalong kombinasyon ay isang unit. Halimbawa, kung ₱10 ang taya mo at 3.50 ang dibidendo, ₱35.00 ang panalo mo (10 × 3.50).',
    'May winning limit ang bawat uri ng taya (nasa talaan ng pool sa ibaba). Hindi lalampas dito ang ibabayad sa isang taya, gaano man kalaki ang dibidendo.',
    'Dapat mas kaunti sa 2,000 ang kombinasyon ng isang taya. Hindi tatanggapin ang taya na may 2,000 o higit pang kombinasyon.',
    'Ang babayaran mo ay bilang ng kombinasyon × halaga ng taya. Halimbawa, sa Forcast na #3 at #5 sa unang puwesto at #3, #5 at #7 sa ikalawang puwesto, apat ang kombinasyon (3-5, 3-7, 5-3 at 5-7), dahil hindi puwedeng nasa dalawang puwesto ang iisang kabayo. Sa ₱10 bawat kombinasyon, ₱40 ang kabuuang taya.',
    'Hindi puwedeng bumaba ang halaga ng taya sa minimum na taya ng uri nito (nasa talaan ng pool sa ibaba).',
    'Sa WTA, even na halaga lang ang tinatanggap, gaya ng ₱2, ₱4 o ₱10. Hindi puwede ang ₱3 o ₱5.',
    'Magagamit ang bonus balance sa pagtaya, pero hindi ito kailanman puwedeng i-withdraw.',
    'Kapag nanalo ang tayang galing sa bonus balance, makukuha mo ang panalo pero hindi ibabalik ang bonus na itinaya (stake not returned). Halimbawa, ₱10 na bonus sa nanalong kabayo na may dibidendong 5.10: ₱41.00 ang mapupunta sa credit balance mo (₱51.00 bawas ang ₱10 na bonus). Buong babayaran ang bahagi ng taya na galing sa credit, at ang refund ay ibabalik sa balance na pinanggalingan nito.',
  ],
  betTypesHeading: 'Mga uri ng taya',
  betTypesIntro:
    'Ganito nananalo ang bawat uri ng taya. Ang bilang na may # ay numero ng kabayo, at ang Race 1, Race 2 at iba pa ay numero ng karera sa araw na iyon.',
  exampleLabel: 'Halimbawa',
  betTypes: {
    W: {
      summary: 'Ang Win ay taya sa kabayong mananalo sa unang puwesto.',
      howItWins:
        'Pumili ng isa o higit pang kabayo sa isang karera; bawat kabayo ay isang kombinasyon. Panalo ka kapag nauna sa finish ang kabayong pinili mo.',
      example:
        'Tumaya ka ng ₱10 sa #4 sa Race 2. Nanalo ang #4 at 3.50 ang dibidendo, kaya ₱35.00 ang panalo mo (10 × 3.50).',
    },
    FC: {
      summary:
        'Ang Forcast ay taya sa dalawang kabayong mauuna sa karera (una at ikalawang puwesto), sa eksaktong pagkakasunod-sunod.',
      howItWins:
        'Pumili ng kabayo para sa unang puwesto at para sa ikalawang puwesto. Panalo ka lang kapag tama ang dalawang kabayo at tama rin ang pagkakasunod nila.',
      example:
        'Tumaya ka sa 3-7. Panalo ka kung #3 ang nauna at #7 ang pumangalawa. Kung 7-3 ang dating, talo ang taya.',
    },
    TRI: {
      summary:
        'Ang Trifecta ay taya sa tatlong kabayong mauuna (una, ikalawa at ikatlong puwesto), sa eksaktong pagkakasunod-sunod.',
      howItWins:
        'Pumili ng kabayo para sa bawat isa sa tatlong puwesto. Panalo ka kapag tama ang tatlong kabayo at ang pagkakasunod nila.',
      example: 'Tumaya ka sa 5-1-8. Panalo ka kung #5 ang nauna, #1 ang pumangalawa at #8 ang pumangatlo.',
    },
    QRT: {
      summary: 'Ang Quartet ay taya sa apat na kabayong mauuna sa karera, sa eksaktong pagkakasunod-sunod.',
      howItWins:
        'Pumili ng kabayo para sa una hanggang ikaapat na puwesto. Panalo ka kapag tama ang apat na kabayo at ang pagkakasunod nila.',
      example: 'Tumaya ka sa 2-6-4-9. Panalo ka kung ganito mismo ang dating: #2, #6, #4, saka #9.',
    },
    PENTA: {
      summary: 'Ang Pentafecta ay taya sa limang kabayong mauuna sa karera, sa eksaktong pagkakasunod-sunod.',
      howItWins:
        'Pumili ng kabayo para sa una hanggang ikalimang puwesto. Panalo ka kapag tama ang limang kabayo at ang pagkakasunod nila.',
      example:
        'Tumaya ka sa 1-4-7-3-5. Panalo ka kung #1, #4, #7, #3 at #5 ang unang limang dumating, sa ganoong pagkakasunod.',
    },
    DD: {
      summary: 'Ang Double ay taya sa mga mananalo sa unang puwesto sa dalawang magkasunod na karera.',
      howItWins:
        'Pumili ng kabayo para sa bawat isa sa dalawang karera. Panalo ka kapag nanalo ang pinili mo sa parehong karera.',
      example:
        'Sa Double ng Race 4 at Race 5, pinili mo ang #2 sa Race 4 at ang #6 sa Race 5. Panalo ka kung manalo ang #2 sa Race 4 at ang #6 sa Race 5.',
    },
    'DD+1': {
      summary: 'Ang DD+1 ay taya sa mga mananalo sa unang puwesto sa tatlong magkakasunod na karera.',
      howItWins:
        'Pumili ng kabayo para sa bawat isa sa tatlong karera. Panalo ka kapag nanalo ang pinili mo sa lahat ng tatlong karera.',
      example:
        'Sa DD+1 ng Race 3, Race 4 at Race 5, pinili mo ang #1, #7 at #3. Panalo ka kung manalo ang #1 sa Race 3, ang #7 sa Race 4 at ang #3 sa Race 5.',
    },
    XD: {
      summary:
        'Ang XD ay taya sa mga mananalo sa unang puwesto sa dalawang karerang may isang karerang pagitan: ang una at ikatlong karera (halimbawa, Race 1 at Race 3).',
      howItWins:
        'Pumili ng kabayo para sa una at sa ikatlong karera. Hindi kasama sa taya ang karera sa gitna. Panalo ka kapag nanalo ang pinili mo sa dalawang karera.',
      example:
        'Sa XD ng Race 1 at Race 3, pinili mo ang #4 sa Race 1 at ang #2 sa Race 3. Panalo ka kung manalo ang #4 at ang #2, kahit sino pa ang manalo sa Race 2.',
    },
    PICK4: {
      summary: 'Ang Pick4 ay taya sa mga mananalo sa apat na magkakasunod na karera.',
      howItWins:
        'Pumili ng isa o higit pang kabayo sa bawat karera. Panalo ka kapag nanalo ang isa sa mga pinili mo sa bawat isa sa apat na karera.',
      example:
        'Sa Pick4 ng Race 5 hanggang Race 8, pinili mo ang #1 at #3 sa Race 5 at tig-iisang kabayo sa Race 6, 7 at 8. Dalawa ang kombinasyon (2 × 1 × 1 × 1), kaya sa ₱2 bawat kombinasyon, ₱4 ang taya mo.',
    },
    PICK5: {
      summary: 'Ang Pick5 ay taya sa mga mananalo sa limang magkakasunod na karera.',
      howItWins:
        'Pumili ng isa o higit pang kabayo sa bawat karera. Panalo ka kapag nanalo ang isa sa mga pinili mo sa bawat isa sa limang karera.',
      example:
        'Sa Pick5 ng Race 2 hanggang Race 6, pinili mo ang #3 at #5 sa Race 2, ang #1 at #8 sa Race 4, at tig-iisang kabayo sa ibang karera. Apat ang kombinasyon (2 × 1 × 2 × 1 × 1), kaya sa ₱2 bawat kombinasyon, ₱8 ang taya mo.',
    },
    PICK6: {
      summary: 'Ang Pick6 ay taya sa mga mananalo sa anim na magkakasunod na karera.',
      howItWins:
        'Pumili ng isa o higit pang kabayo sa bawat karera. Panalo ka kapag nanalo ang isa sa mga pinili mo sa bawat isa sa anim na karera.',
      example:
        'Sa Pick6 ng Race 1 hanggang Race 6, tig-iisang kabayo ang pinili mo sa bawat karera at ₱2 ang taya mo. Panalo ka kung manalo ang anim mong pinili.',
    },
    WTA: {
      summary: 'Ang WTA (Winner Take All) ay taya sa mga mananalo sa pitong magkakasunod na karera.',
      howItWins:
        'Pumili ng isa o higit pang kabayo sa bawat karera. Panalo ka kapag nanalo ang isa sa mga pinili mo sa bawat isa sa pitong karera. Even na halaga lang ang puwedeng itaya.',
      example:
        'Sa WTA ng Race 1 hanggang Race 7, tig-iisang kabayo ang pinili mo sa bawat karera at ₱2 ang taya mo (puwede rin ang ₱4 o ₱10, pero hindi ang ₱3). Panalo ka kung tama ang pito mong pinili.',
    },
  },
  noWinnerHeading: 'Kapag walang nanalo: konsolasyon at carryover',
  noWinner: [
    'Jackpot ang pool ng Pick4, Pick5, Pick6 at WTA. Kapag walang tiket na tumama sa lahat ng karera, 25% ng net pool ang ibabayad bilang konsolasyon (consolation) sa mga tiket na may pinakamaraming karerang tinamaan: halimbawa, 3 sa 4 sa Pick4, o 6 sa 7 sa WTA. Ang natitirang 75% ay carryover.',
    `Hinahati ang konsolasyon ayon sa taya, sa dibidendong ibinababa sa pinakamalapit na 10 sentimo. Galing lang ito sa 25% na bahagi, kaya puwede itong mas mababa sa ₱1.00 para sa bawat ₱1.00 na taya. Sa kasaysayan ng taya mo, "${BET_WORDS.fil.consolation}" ang nakasulat sa ganitong panalo, hindi "PANALO".`,
    'Carryover: ang perang hindi naibayad dahil walang nanalo ay idadagdag sa susunod na pool ng parehong uri ng taya. Buong net pool ang carryover kapag walang tiket na tumama kahit sa isang karera, o kapag kulang ang 25% para makabayad ng kahit 10 sentimo.',
    `Sa ibang uri ng taya (Win, Forcast, Trifecta, Quartet, Pentafecta, Double, DD+1 at XD), kapag walang tumaya sa nanalong kombinasyon, ibinabalik ang lahat ng taya sa pool. "${BET_WORDS.fil.refundReason.noWinner}" ang nakasulat dito sa kasaysayan ng taya mo.`,
  ],
};

const en: BetRulesText = {
  generalHeading: 'General rules',
  general: [
    'All bets are final. Once your bet is accepted it cannot be cancelled or changed, so check the race, bet type, runners and amount before you press Submit Bet.',
    'If a race is cancelled, all bets on it are void and their full amount is refunded.',
    'In bets on a single race (Win, Forcast, Trifecta, Quartet and Pentafecta), if a runner is scratched, the combinations that include it are refunded. Your other combinations stay in play.',
    'In bets that cover several races (Double, DD+1, XD, Pick4, Pick5, Pick6 and WTA), if a runner you picked is scratched, the favourite of that race takes its place: the runner with the lowest odds when betting closes.',
    'A winning bet pays units × the dividend for ₱1.00. Every ₱1.00 you bet on the winning combination is one unit. For example, a ₱10 bet with a dividend of 3.50 pays ₱35.00 (10 × 3.50).',
    'Every bet type has a winning limit (see the pool table below). A single bet never pays more than that limit, however high the dividend.',
    'A bet must have fewer than 2,000 combinations. A bet with 2,000 or more combinations is not accepted.',
    'The cost of a bet is the number of combinations × the amount. For example, a Forcast with #3 and #5 for first place and #3, #5 and #7 for second place has four combinations (3-5, 3-7, 5-3 and 5-7), because one runner cannot take two places. At ₱10 per combination the bet costs ₱40.',
    'The amount cannot be lower than the minimum bet of its bet type (see the pool table below).',
    'WTA amounts must be even, such as ₱2, ₱4 or ₱10. ₱3 or ₱5 is not accepted.',
    'Your bonus balance can be used for bets, but it can never be withdrawn.',
    'When a bet paid with bonus balance wins, you get the winnings but not the bonus stake back (stake not returned). For example, ₱10 of bonus on a winner with a 5.10 dividend pays ₱41.00 to your credit balance (₱51.00 less the ₱10 bonus stake). The part of a bet paid from credit is paid in full, and a refund goes back to the balance it came from.',
  ],
  betTypesHeading: 'Bet types',
  betTypesIntro:
    'This is how each bet type wins. A number with # is a runner number; Race 1, Race 2 and so on are the race numbers of the day.',
  exampleLabel: 'Example',
  betTypes: {
    W: {
      summary: 'Win is a bet on the runner that finishes first.',
      howItWins:
        'Pick one or more runners in a race; each runner is one combination. You win when the runner you picked finishes first.',
      example: 'You bet ₱10 on #4 in Race 2. #4 wins and the dividend is 3.50, so you win ₱35.00 (10 × 3.50).',
    },
    FC: {
      summary: 'Forcast is a bet on the first two runners of a race (first and second place), in exact order.',
      howItWins:
        'Pick a runner for first place and a runner for second place. You win only when both runners are right and in the right order.',
      example: 'You bet 3-7. You win if #3 finishes first and #7 second. If they finish 7-3, the bet loses.',
    },
    TRI: {
      summary:
        'Trifecta is a bet on the first three runners of a race (first, second and third place), in exact order.',
      howItWins:
        'Pick a runner for each of the three places. You win when all three runners are right and in the right order.',
      example: 'You bet 5-1-8. You win if #5 finishes first, #1 second and #8 third.',
    },
    QRT: {
      summary: 'Quartet is a bet on the first four runners of a race, in exact order.',
      howItWins:
        'Pick a runner for each place from first to fourth. You win when all four runners are right and in the right order.',
      example: 'You bet 2-6-4-9. You win if the runners finish exactly #2, #6, #4, then #9.',
    },
    PENTA: {
      summary: 'Pentafecta is a bet on the first five runners of a race, in exact order.',
      howItWins:
        'Pick a runner for each place from first to fifth. You win when all five runners are right and in the right order.',
      example: 'You bet 1-4-7-3-5. You win if #1, #4, #7, #3 and #5 take the first five places in that order.',
    },
    DD: {
      summary: 'Double is a bet on the winners of two consecutive races.',
      howItWins: 'Pick a runner for each of the two races. You win when your picks win both races.',
      example:
        'In the Double of Race 4 and Race 5 you pick #2 in Race 4 and #6 in Race 5. You win if #2 wins Race 4 and #6 wins Race 5.',
    },
    'DD+1': {
      summary: 'DD+1 is a bet on the winners of three consecutive races.',
      howItWins: 'Pick a runner for each of the three races. You win when your picks win all three races.',
      example:
        'In the DD+1 of Race 3, Race 4 and Race 5 you pick #1, #7 and #3. You win if #1 wins Race 3, #7 wins Race 4 and #3 wins Race 5.',
    },
    XD: {
      summary:
        'XD is a bet on the winners of two alternating races: the first and the third race of the pool (for example Race 1 and Race 3).',
      howItWins:
        'Pick a runner for the first and the third race. The race in between is not part of the bet. You win when your picks win both races.',
      example:
        'In the XD of Race 1 and Race 3 you pick #4 in Race 1 and #2 in Race 3. You win if #4 and #2 both win, whoever wins Race 2.',
    },
    PICK4: {
      summary: 'Pick4 is a bet on the winners of four consecutive races.',
      howItWins: 'Pick one or more runners in each race. You win when one of your picks wins each of the four races.',
      example:
        'In the Pick4 of Race 5 to Race 8 you pick #1 and #3 in Race 5 and one runner each in Races 6, 7 and 8. That is two combinations (2 × 1 × 1 × 1), so at ₱2 per combination your bet is ₱4.',
    },
    PICK5: {
      summary: 'Pick5 is a bet on the winners of five consecutive races.',
      howItWins: 'Pick one or more runners in each race. You win when one of your picks wins each of the five races.',
      example:
        'In the Pick5 of Race 2 to Race 6 you pick #3 and #5 in Race 2, #1 and #8 in Race 4, and one runner in each other race. That is four combinations (2 × 1 × 2 × 1 × 1), so at ₱2 per combination your bet is ₱8.',
    },
    PICK6: {
      summary: 'Pick6 is a bet on the winners of six consecutive races.',
      howItWins: 'Pick one or more runners in each race. You win when one of your picks wins each of the six races.',
      example:
        'In the Pick6 of Race 1 to Race 6 you pick one runner in each race and bet ₱2. You win if all six of your picks win.',
    },
    WTA: {
      summary: 'WTA (Winner Take All) is a bet on the winners of seven consecutive races.',
      howItWins:
        'Pick one or more runners in each race. You win when one of your picks wins each of the seven races. Only even amounts can be bet.',
      example:
        'In the WTA of Race 1 to Race 7 you pick one runner in each race and bet ₱2 (₱4 or ₱10 are fine too, ₱3 is not). You win if all seven of your picks win.',
    },
  },
  noWinnerHeading: 'When nobody wins: consolation and carryover',
  noWinner: [
    'Pick4, Pick5, Pick6 and WTA are jackpot pools. When no ticket wins every race, 25% of the net pool is paid as a consolation to the tickets that won the most races: for example 3 of 4 in a Pick4, or 6 of 7 in a WTA. The other 75% is carried over.',
    `The consolation is shared by stake at a dividend rounded down to 10 centavos. It is paid from its 25% share only, so it may be less than ₱1.00 for each ₱1.00 bet. Your bet history names such a win "${BET_WORDS.en.consolation}", not "WON".`,
    'Carryover: the money nobody won is added to the next pool of the same bet type. The whole net pool is carried over when no ticket won even one race, or when the 25% share is too small to pay 10 centavos.',
    `In the other bet types (Win, Forcast, Trifecta, Quartet, Pentafecta, Double, DD+1 and XD), when nobody backed the winning combination, every bet in the pool is refunded. Your bet history names it "${BET_WORDS.en.refundReason.noWinner}".`,
  ],
};

export const BET_RULES_TEXT: { readonly [Language in BetRulesLanguage]: BetRulesText } = { fil, en };
