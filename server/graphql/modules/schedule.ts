// GraphQL types of the schedule area: import each of the area's node/mutation files here.
export {};
