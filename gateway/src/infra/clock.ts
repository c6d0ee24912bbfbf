export { systemClock, type Clock } from '@kabuto/schema/contracts';
